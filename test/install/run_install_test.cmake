# Installs mgpu into a scratch prefix, then configures, builds and runs a
# consumer that finds it with find_package(mgpu).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()

run(${CMAKE_COMMAND} --install ${MGPU_BINARY_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${MGPU_SOURCE_DIR}/test/install/consumer -B ${WORK_DIR}/build
    -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)

# Compiles consumer.cu, and device_code.cu's calls from device code, with
# plain nvcc, no flags beyond the include path, for every architecture the
# toolkit supports; any warning (ptxas too) fails it.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# No --threads: nvcc's per-architecture device links can race on one temporary file.
set(command ${NVCC} -std=c++17 -I ${MGPU_SOURCE_DIR}/include -Xcompiler -Wall,-Wextra -Werror all-warnings)
foreach(arch IN LISTS ARCHITECTURES)
  list(APPEND command -gencode arch=compute_${arch},code=sm_${arch})
endforeach()
foreach(source IN ITEMS consumer device_code)
  set(build ${command} ${MGPU_SOURCE_DIR}/test/consumer/${source}.cu)
  if(source STREQUAL "device_code")
    list(APPEND build -c -o ${WORK_DIR}/${source}.o) # a kernel, no main: compiled only
  else()
    list(APPEND build -o ${WORK_DIR}/${source})
  endif()
  execute_process(COMMAND ${build} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${output}")
  if(NOT status EQUAL 0 OR output MATCHES "[Ww]arning")
    string(REPLACE ";" " " build "${build}")
    message(FATAL_ERROR "not clean (${status}): ${build}")
  endif()
endforeach()
string(REPLACE ";" " sm_" architectures "sm_${ARCHITECTURES}")
message("consumer.cu and device_code.cu build warning-free for ${architectures}")

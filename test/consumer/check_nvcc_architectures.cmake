# Compiles consumer.cu with plain nvcc, no flags beyond the include path, for
# every architecture the toolkit supports; any warning (ptxas too) fails it.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# No --threads: nvcc's per-architecture device links can race on one temporary file.
set(command ${NVCC} -std=c++17 -I ${MGPU_SOURCE_DIR}/include -Xcompiler -Wall,-Wextra -Werror all-warnings)
foreach(arch IN LISTS ARCHITECTURES)
  list(APPEND command -gencode arch=compute_${arch},code=sm_${arch})
endforeach()
list(APPEND command ${MGPU_SOURCE_DIR}/test/consumer/consumer.cu -o ${WORK_DIR}/consumer)
execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(NOT status EQUAL 0 OR output MATCHES "[Ww]arning")
  string(REPLACE ";" " " command "${command}")
  message(FATAL_ERROR "not clean (${status}): ${command}")
endif()
string(REPLACE ";" " sm_" architectures "sm_${ARCHITECTURES}")
message("consumer.cu builds warning-free for ${architectures}")

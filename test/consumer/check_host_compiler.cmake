# Compiles consumer.cpp with a host compiler alone (no nvcc): CCCL's headers
# from the toolkit, Thrust's CPP device system, every warning an error; runs it.
if(NOT EXISTS "${COMPILER}")
  message("${COMPILER_NAME} not found: skipped")
  return()
endif()
include(${CMAKE_CURRENT_LIST_DIR}/consumer_support.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
run(${COMPILER} -std=c++17 -Wall -Wextra -Wpedantic -Werror -I ${MGPU_SOURCE_DIR}/include -I ${CCCL_INCLUDE_DIR}
    -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP ${MGPU_SOURCE_DIR}/test/consumer/consumer.cpp
    -o ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer)

# Compiles the README's C++ example as written: it is a complete program.
include(${CMAKE_CURRENT_LIST_DIR}/consumer_support.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
file(READ ${MGPU_SOURCE_DIR}/README.md readme)
if(NOT readme MATCHES "```cpp\n(.*)```")
  message(FATAL_ERROR "README.md has no ```cpp block")
endif()
string(REGEX REPLACE "\n```.*" "\n" snippet "${CMAKE_MATCH_1}")
file(WRITE ${WORK_DIR}/readme_example.cu "${snippet}")
run(${NVCC} -std=c++17 -I ${MGPU_SOURCE_DIR}/include -Xcompiler -Wall,-Wextra -Werror all-warnings
    -gencode arch=compute_90,code=sm_90 ${WORK_DIR}/readme_example.cu -o ${WORK_DIR}/readme_example)

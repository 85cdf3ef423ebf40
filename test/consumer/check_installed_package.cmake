# Installs mgpu into a scratch prefix, then builds and runs a consumer that
# finds it with find_package(mgpu): CONSUMER is installed_cuda or installed_host.
include(${CMAKE_CURRENT_LIST_DIR}/consumer_support.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${MGPU_BINARY_DIR} --prefix ${WORK_DIR}/prefix)
build_and_run(${CMAKE_CURRENT_LIST_DIR}/${CONSUMER} ${WORK_DIR}/build
  -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_CUDA_ARCHITECTURES=90)

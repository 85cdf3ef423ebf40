# Builds a parent project that adds mgpu with add_subdirectory and chooses
# sm_80 (one of its targets with separable compilation) and runs its
# executables; its CUDA compile lines must name sm_80 and no other
# architecture.
include(${CMAKE_CURRENT_LIST_DIR}/consumer_support.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
build_and_run(${CMAKE_CURRENT_LIST_DIR}/subdirectory ${WORK_DIR} -DMGPU_SOURCE_DIR=${MGPU_SOURCE_DIR})
file(READ ${WORK_DIR}/compile_commands.json compile_commands)
string(REGEX MATCHALL "(compute|sm)_[0-9]+[af]?" architectures "${compile_commands}")
list(REMOVE_DUPLICATES architectures)
set(others ${architectures})
list(REMOVE_ITEM others compute_80 sm_80)
if(NOT architectures OR others)
  message(FATAL_ERROR "the parent's CUDA code builds for '${architectures}', not for sm_80 alone")
endif()
message("the parent's CUDA code builds for ${architectures}")

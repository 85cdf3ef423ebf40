# Shared by the consumer checks (cmake -P scripts run by CTest).

# Runs a command; stops the check with its output when it fails.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${output}")
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${command}")
  endif()
endfunction()

# Configures and builds a consumer project, then runs its executables.
function(build_and_run source_dir binary_dir)
  run(${CMAKE_COMMAND} -S ${source_dir} -B ${binary_dir} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ${ARGN})
  run(${CMAKE_COMMAND} --build ${binary_dir})
  file(GLOB executables LIST_DIRECTORIES false ${binary_dir}/consumer*)
  list(FILTER executables INCLUDE REGEX "/consumer[a-z_]*$")
  if(NOT executables)
    message(FATAL_ERROR "${binary_dir} built no consumer executable")
  endif()
  foreach(executable IN LISTS executables)
    run(${executable})
  endforeach()
endfunction()

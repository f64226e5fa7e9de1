# Generate the glad 2 loader for OpenGL 4.3 core (+ KHR_debug for object labels) into the
# build tree at configure time. Debian's glad runs on /usr/bin/python3, so call it directly.
# 4.3 for the compute backend; the rest of the project only calls 3.3 functions, and glad leaves
# the functions a 3.3 context lacks null.
set(GLAD_OUT_DIR ${CMAKE_BINARY_DIR}/glad-4.3)
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  message(FATAL_ERROR "glad not found: install the Debian package python3-glad")
endif()
if(NOT EXISTS ${GLAD_OUT_DIR}/src/gl.c)
  execute_process(
    COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=4.3
            --extensions GL_KHR_debug --out-path ${GLAD_OUT_DIR} c
    RESULT_VARIABLE glad_result
    OUTPUT_VARIABLE glad_output ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS ${GLAD_OUT_DIR}/src/gl.c)
    message(FATAL_ERROR "glad generation failed (${glad_result}):\n${glad_output}")
  endif()
endif()
add_library(glad STATIC ${GLAD_OUT_DIR}/src/gl.c)
target_include_directories(glad SYSTEM PUBLIC ${GLAD_OUT_DIR}/include)
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

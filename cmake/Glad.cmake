# Generate the glad 2 loader into the build tree at configure time, for both APIs the project
# runs on, merged into one header: OpenGL 4.3 core (4.3 for the compute backend; the rest of the
# project only calls 3.3 functions, and glad leaves the functions a 3.3 context lacks null) and
# OpenGL ES 3.0 (the solvers on GLES devices, the demo on WebGL2), each with KHR_debug for object
# labels. gladLoadGL loads the desktop functions, gladLoadGLES2 the ES ones (gpu/gl/gl_api.h).
# Debian's glad runs on /usr/bin/python3, so call it directly.
set(GLAD_OUT_DIR ${CMAKE_BINARY_DIR}/glad-gl4.3-es3.0)
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  message(FATAL_ERROR "glad not found: install the Debian package python3-glad")
endif()
if(NOT EXISTS ${GLAD_OUT_DIR}/src/gl.c)
  execute_process(
    COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --merge --api gl:core=4.3,gles2=3.0
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

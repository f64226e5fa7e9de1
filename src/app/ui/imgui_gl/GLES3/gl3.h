#pragma once
// What Dear ImGui's OpenGL3 backend (imgui_impl_opengl3.cpp, built by src/app/CMakeLists.txt
// with IMGUI_IMPL_OPENGL_ES3) includes as <GLES3/gl3.h>: the project's glad, so the backend
// calls the functions loaded for the window's context, desktop or ES. Built for ES 3.0, the
// backend uses only what both dialects have; the prebuilt desktop one in Debian's libimgui.a
// calls glPolygonMode and GL_PRIMITIVE_RESTART, four GL errors a frame on an ES context.
#include <glad/gl.h>

// glad's header is merged with desktop OpenGL, whose GL_POLYGON_MODE would turn the backend's
// glPolygonMode calls back on.
#undef GL_POLYGON_MODE

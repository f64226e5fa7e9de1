#pragma once
// Which OpenGL the demo's window asks for (`demo --gl core|es`): desktop OpenGL 3.3 core (4.3
// when it can be had, for the compute backend) or OpenGL ES 3.0. Everything the app draws and
// solves is written once for both; only the platform's context hints, the function loader and
// the GLSL version named to Dear ImGui's renderer differ. No GL here.

namespace tactics::app {

enum class GlDialect { Core, Es };

// The `#version` line Dear ImGui's OpenGL3 backend compiles its shaders with.
inline const char* imguiGlslVersion(GlDialect dialect) {
  return dialect == GlDialect::Es ? "#version 300 es" : "#version 330 core";
}

}  // namespace tactics::app

#version 330 core
// Layered rendering: each instance's triangle goes to the layer of its enemy (gl_Layer), so one
// instanced draw runs a pass for every enemy at once. OpenGL 3.3 core can set gl_Layer only
// here (a vertex shader needs ARB_shader_viewport_layer_array).
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;

flat in int enemyLayer[];
flat out int layer;

void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = enemyLayer[0];
    layer = enemyLayer[0];
    EmitVertex();
  }
  EndPrimitive();
}

#version 330 core
// One triangle over the viewport per instance; instance i is enemy i's layer. The layered passes
// send it to a geometry shader that routes it to that layer; the count pass reads it directly.
flat out int enemyLayer;

void main() {
  vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
  enemyLayer = gl_InstanceID;
}

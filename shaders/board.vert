// Instanced quads placed in pixels (y down): the board, arrow pieces and unit tokens.
layout(location = 0) in vec2 corner;  // 0..1
layout(location = 1) in vec4 rect;    // x, y, width, height in pixels
layout(location = 2) in vec4 data;    // per instance, for the fragment shader

uniform vec2 viewport;  // size of the render target in pixels

out vec2 uv;  // 0..1 across the quad, y down
flat out vec4 instanceData;

void main() {
  vec2 pixel = rect.xy + corner * rect.zw;
  uv = corner;
  instanceData = data;
  gl_Position = vec4(pixel.x / viewport.x * 2.0 - 1.0, 1.0 - pixel.y / viewport.y * 2.0, 0.0, 1.0);
}

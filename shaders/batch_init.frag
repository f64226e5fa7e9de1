// A batch's state before relaxing: only each query's unit reached, at cost 0, no parents.
#include "state.glsl"
#include "batch.glsl"

layout(location = 0) out vec4 state;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy) - atlasShift;
  state = storedBytes(ivec4(0, cell == unitCell() ? 255 : 0, 0, 255));
}

// Ends a solve that has no attack passes: every reached cell gets the canonical G of SPEC §4
// (relaxing leaves kReachedHalted on the cells travel does not continue through); the rest is
// copied. Drawn only when the solve may have halted cells.
#include "state.glsl"

uniform sampler2D state;
layout(location = 0) out vec4 nextState;

void main() {
  vec4 self = texelFetch(state, ivec2(gl_FragCoord.xy), 0);
  nextState = self.g >= kReachedMinNormalized
                  ? storedBytes(ivec4(byteOf(self.r), 255, byteOf(self.b), byteOf(self.a)))
                  : storedNormalized(self);
}

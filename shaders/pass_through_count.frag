// The bench's floor for the row prefix passes (R32UI): copies the count under the fragment from
// the texture on unit 0, nothing more.
uniform usampler2D source;
layout(location = 0) out uint copy;

void main() { copy = texelFetch(source, ivec2(gl_FragCoord.xy), 0).r; }

// The bench's floor: copies the texel under the fragment from the texture on unit 0, nothing
// more. Run in place of every state pass, it prices a pass with no work in it.
uniform sampler2D source;
layout(location = 0) out vec4 copy;

void main() { copy = texelFetch(source, ivec2(gl_FragCoord.xy), 0); }

// The bench's floor for the origins pass: one fetch from the state texture on unit 0 turned into
// a count, nothing more.
uniform sampler2D source;
layout(location = 0) out uint copy;

void main() { copy = uint(texelFetch(source, ivec2(gl_FragCoord.xy), 0).g); }

// Convergence test: drawn at depth 0.5 under an occlusion query with colour and depth writes
// off and the depth test GL_GREATER, a fragment survives only where the last relaxation pass
// wrote kChangedDepth (0), i.e. changed its cell. No survivors: the solve is final. The test is
// all fixed function: this shader reads nothing and writes nothing.
void main() {}

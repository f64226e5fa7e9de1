#pragma once
// The exit codes of every tactics-grid command (SPEC §5).

namespace tactics {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;  // bad arguments or input; one `error:` line on stderr
inline constexpr int kExitNoOpenGl = 3;  // no OpenGL 3.3 context (or no window) could be made

}  // namespace tactics

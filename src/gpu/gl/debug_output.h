#pragma once
// GL errors as they happen: in debug builds (no NDEBUG) a KHR_debug message callback reports
// every GL error with the labels (gpu::label) of the program and framebuffer bound at the time.

#include <functional>
#include <string>

namespace tactics::gpu {

// Where the reports go; standard error unless a test redirects them.
using DebugSink = std::function<void(const std::string& report)>;

// Installs the callback on the current context when the build is a debug one and the context
// has KHR_debug; otherwise does nothing. Returns true when installed. Call right after a
// context is made current and its functions loaded.
bool installDebugOutput();

// Sends reports to `sink` instead of standard error (an empty sink restores standard error).
void setDebugSink(DebugSink sink);

// "GL error (program 'relax.frag', framebuffer 'ping'): <message>"; a missing label reads
// as the object's number, nothing bound as "none".
std::string debugReport(const std::string& message, const std::string& program,
                        const std::string& framebuffer);

}  // namespace tactics::gpu

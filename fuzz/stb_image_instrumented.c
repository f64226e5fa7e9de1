/* The fuzz build only: Debian's stb_image is a shared library (libstb) that libFuzzer cannot see
   into. Compiling the system header's implementation into fuzz_map gives the decoder the same
   coverage and sanitizer instrumentation as our code; the executable's copy takes precedence
   over libstb's. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

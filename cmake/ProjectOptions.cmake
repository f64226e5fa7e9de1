# Warnings and sanitizers for our own targets only; third-party headers come in as SYSTEM.
add_library(project_warnings INTERFACE)
target_compile_options(project_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Werror)

option(ENABLE_ASAN "Build with AddressSanitizer" OFF)
option(ENABLE_UBSAN "Build with UndefinedBehaviorSanitizer" OFF)

add_library(project_options INTERFACE)
if(ENABLE_ASAN)
  target_compile_options(project_options INTERFACE -fsanitize=address -fno-omit-frame-pointer)
  target_link_options(project_options INTERFACE -fsanitize=address)
endif()
if(ENABLE_UBSAN)
  target_compile_options(project_options INTERFACE -fsanitize=undefined -fno-sanitize-recover=undefined)
  target_link_options(project_options INTERFACE -fsanitize=undefined)
endif()

# The `fuzz` preset (clang): every library gets libFuzzer's coverage instrumentation; the fuzz
# targets in fuzz/ link libFuzzer's main.
option(TACTICS_FUZZ "Build the libFuzzer targets in fuzz/ (clang only)" OFF)
if(TACTICS_FUZZ)
  target_compile_options(project_options INTERFACE -fsanitize=fuzzer-no-link)
endif()

// The gpu suite's Catch2 main: Catch's own options, plus `--gl core|es`, the API of the one
// context every test shares (support/gl_context.h). ctest runs the suite once each way.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <iostream>
#include <string>

#include "gl_context.h"

int main(int argc, char* argv[]) {
  Catch::Session session;
  std::string api = "core";
  session.cli(session.cli() |
              Catch::clara::Opt(api, "core|es")["--gl"](
                  "the OpenGL API of the tests' context: core (default) or es (OpenGL ES 3.0)"));
  if (const int code = session.applyCommandLine(argc, argv); code != 0) return code;
  if (api != "core" && api != "es") {
    std::cerr << "error: --gl '" << api << "' is not allowed; expected core or es\n";
    return 2;
  }
  tactics::testing::setTestGlApi(api == "es" ? tactics::gpu::GlApi::Es : tactics::gpu::GlApi::Core);
  return session.run();
}

// The web build's entry point: the page (web/index.html) passes the demo's options from its
// address (`?--select=3,20` or `?args=--select 3,20`), the same options `tactics-grid demo`
// takes. The demo then runs from the page's loop (app/platform/browser_platform.h); a bad option
// ends here with the desktop's `error:` line, which the page shows.
#include <iostream>
#include <string>
#include <vector>

#include "app/demo_app.h"
#include "app/platform/browser_platform.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args.front() == "demo") args.erase(args.begin());
  const int code = tactics::app::runDemo(args, std::cout, std::cerr);
  // 0: the page's loop has the demo now (or --help printed); anything else is over.
  if (code != 0 || (!args.empty() && (args.front() == "--help" || args.front() == "-h"))) {
    tactics::app::tellPageDemoExited(code);
  }
  return code;
}

# ctest -P script: the layers' boundaries that are facts about files, not about compiling.
#   -DSOURCE_DIR=... -DSOLVER_LINKS=<file holding tactics_solver's link libraries>
# 1. No public header (include/) includes glad, GL, EGL, GLFW, ImGui or a parser library.
file(GLOB_RECURSE headers ${SOURCE_DIR}/include/*.h)
set(bad "")
foreach(header IN LISTS headers)
  file(STRINGS ${header} lines REGEX "#include [<\"](glad|GL/|EGL/|GLFW|imgui|nlohmann|pugixml|zlib|zstd|stb)")
  foreach(line IN LISTS lines)
    string(APPEND bad "\n  ${header}: ${line}")
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "public headers include what a consumer need not have:${bad}")
endif()
# 2. The solver links no third-party library: only the project's own option targets.
file(READ ${SOLVER_LINKS} links)
string(STRIP "${links}" links)
foreach(library IN LISTS links)
  if(NOT library MATCHES "^(project_options|project_warnings)$")
    message(FATAL_ERROR "tactics_solver links ${library}; it must need the standard library only")
  endif()
endforeach()

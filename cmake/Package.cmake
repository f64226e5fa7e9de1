# The solver as a library others install (issue 26): `cmake --install` puts the public headers,
# each layer as a static and a versioned shared library, a CMake package and pkg-config files
# under the prefix, every destination relative to it.
#
#   find_package(tactics_grid 0.1 CONFIG REQUIRED COMPONENTS solver io gpu)
#   target_link_libraries(game PRIVATE tactics::solver)          # the shared libraries
#   set(TACTICS_GRID_STATIC ON) before find_package: tactics::solver_static and the others
#
# The shared libraries are the static archives linked whole, so nothing is compiled twice (every
# target is position-independent). libtactics_gpu.so keeps the GL loader (glad) and the GL
# toolkit to itself: their symbols are not exported, so a game with its own glad links cleanly.
# The package files are written by hand (cmake/package/): what a consumer links is spelt out in
# one place, the same for the CMake package and for pkg-config.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(TACTICS_INSTALL "Make the install rules and shared libraries of the solver layers" ON)
if(NOT TACTICS_INSTALL)
  return()
endif()

# 0.x: each minor version may change the ABI, so the soname carries it (libtactics_solver.so.0.1).
set(TACTICS_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})

# tactics_shared_library(<static target> [HIDE <archive>...])
# Makes <static target>_shared: the archive linked whole into a versioned shared library named
# like it (libtactics_solver.so -> .so.0.1 -> .so.0.1.0). The layers below it come in as their
# shared libraries; the archives named after HIDE are linked in with their symbols kept local.
function(tactics_shared_library static)
  cmake_parse_arguments(ARG "" "" "HIDE;SHARED_DEPS" ${ARGN})
  set(shared ${static}_shared)
  add_library(${shared} SHARED ${PROJECT_SOURCE_DIR}/cmake/package/empty.cpp)
  # The archive, then the layers below as shared libraries, ahead of the archives the static
  # target carries in its link interface: their symbols come from the shared libraries.
  target_link_libraries(${shared} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${static}>")
  target_link_libraries(${shared} PUBLIC ${ARG_SHARED_DEPS})
  foreach(archive IN LISTS ARG_HIDE)
    target_link_options(${shared} PRIVATE "LINKER:--exclude-libs,lib${archive}.a")
  endforeach()
  target_link_options(${shared} PRIVATE "LINKER:--no-undefined")
  target_include_directories(${shared} INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>)
  set_target_properties(${shared} PROPERTIES
    OUTPUT_NAME ${static}
    # A library finds the layers below it beside itself, wherever the prefix is (a program's
    # RUNPATH covers only the libraries it links directly).
    INSTALL_RPATH "$ORIGIN"
    VERSION ${PROJECT_VERSION}
    SOVERSION ${TACTICS_SOVERSION})
endfunction()

tactics_shared_library(tactics_solver)
tactics_shared_library(tactics_io SHARED_DEPS tactics_solver_shared)
tactics_shared_library(tactics_gpu SHARED_DEPS tactics_solver_shared HIDE glad tactics_gl)
tactics_shared_library(tactics_c SHARED_DEPS tactics_gpu_shared tactics_solver_shared)

# The executable too: engines and scripts run `tactics-grid serve` (SPEC §12) as a subprocess.
install(TARGETS tactics-grid tactics-bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tactics
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT dev
        FILES_MATCHING PATTERN "*.h")
install(TARGETS tactics_solver tactics_io tactics_c tactics_solver_shared tactics_io_shared
                tactics_gpu_shared tactics_c_shared
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

# The sample boards, so that an install is usable on its own (issue 36 item 5): maps, scenarios
# and Tiled tilesets in the source tree's layout, so a scenario's relative "map" and a Tiled map's
# "../tilesets/..." still resolve; and the sample play scripts (demo --script). share/tactics-grid/assets is where the installed executable's
# demo looks for them (src/app/ui/asset_paths.cpp: <bin>/../share/tactics-grid/assets).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/maps ${PROJECT_SOURCE_DIR}/assets/scenarios
                  ${PROJECT_SOURCE_DIR}/assets/tilesets ${PROJECT_SOURCE_DIR}/assets/scripts
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tactics-grid/assets)

# The Python module (src/python), where it is built: Debian's python3 reads
# /usr/lib/python3/dist-packages; under any other prefix put <prefix>/lib/python3/dist-packages on
# PYTHONPATH.
set(TACTICS_PYTHON_INSTALL_DIR lib/python3/dist-packages
    CACHE STRING "Where cmake --install puts the Python module, relative to the prefix")
if(TARGET tactics_grid)
  install(TARGETS tactics_grid LIBRARY DESTINATION ${TACTICS_PYTHON_INSTALL_DIR})
endif()

# The static GPU layer as one archive with its GL loader and toolkit inside, their symbols made
# local (objcopy), so that a game's own glad does not clash with ours at link time either: the
# function pointers (glad_gl*), the loaders, and the version and extension flags (GLAD_GL_*),
# which every glad defines too. (The GL toolkit's C++ symbols, in tactics::gpu, stay global:
# nothing outside the project defines them.)
find_program(TACTICS_OBJCOPY NAMES objcopy REQUIRED)
set(gpu_archive ${CMAKE_CURRENT_BINARY_DIR}/package/libtactics_gpu.a)
set(gpu_object ${CMAKE_CURRENT_BINARY_DIR}/package/tactics_gpu_all.o)
add_custom_command(
  OUTPUT ${gpu_archive}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/package
  COMMAND ${CMAKE_LINKER} -r -o ${gpu_object} --whole-archive $<TARGET_FILE:tactics_gpu>
          $<TARGET_FILE:tactics_gl> $<TARGET_FILE:glad> --no-whole-archive
  COMMAND ${TACTICS_OBJCOPY} --wildcard --localize-symbol=glad_* --localize-symbol=GLAD_*
          --localize-symbol=gladLoad* --localize-symbol=gladGet* --localize-symbol=gladSet*
          --localize-symbol=gladInstall* --localize-symbol=gladUninstall* ${gpu_object}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${gpu_archive}
  COMMAND ${CMAKE_AR} qc ${gpu_archive} ${gpu_object}
  DEPENDS tactics_gpu tactics_gl glad
  COMMENT "Merging libtactics_gpu.a with its GL loader, kept local"
  VERBATIM)
add_custom_target(tactics_gpu_archive ALL DEPENDS ${gpu_archive})
install(FILES ${gpu_archive} DESTINATION ${CMAKE_INSTALL_LIBDIR})

# The CMake package and the pkg-config files.
set(TACTICS_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tactics_grid)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/package/tactics_grid-config.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/package/tactics_grid-config.cmake
  INSTALL_DESTINATION ${TACTICS_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
# 0.x: a 0.1 request is met by 0.1.y only.
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/package/tactics_grid-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/package/tactics_grid-config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/package/tactics_grid-config-version.cmake
        DESTINATION ${TACTICS_PACKAGE_DIR})
# pkg-config files find the prefix from their own folder, so the tree can move.
file(RELATIVE_PATH TACTICS_PC_UP /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
foreach(layer IN ITEMS solver io gpu c)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/package/tactics-${layer}.pc.in
                 ${CMAKE_CURRENT_BINARY_DIR}/package/tactics-${layer}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/package/tactics-${layer}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

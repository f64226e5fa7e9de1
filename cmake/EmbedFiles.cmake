# embed_files(<target> <namespace> <header> <file>...)
# Generates <header> in the build tree with one `constexpr std::string_view` per file, named
# after the file (relax.frag -> kRelaxFrag), so programs find their shaders from any directory.
# GLSL has no includes: a line `#include "name"` is replaced by the file beside it.
function(embed_files target namespace header)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/generated/${header})
  # Files spliced in by `#include "name"` are dependencies too.
  set(depends ${ARGN})
  foreach(file IN LISTS ARGN)
    file(STRINGS ${file} includes REGEX "^#include \"[^\"]+\"")
    get_filename_component(dir ${file} DIRECTORY)
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
      list(APPEND depends ${dir}/${included})
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES depends)
  # Re-read the includes when a shader changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ARGN})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNAMESPACE=${namespace} "-DFILES=${ARGN}"
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    DEPENDS ${depends} ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    COMMENT "Embedding ${header}"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
endfunction()

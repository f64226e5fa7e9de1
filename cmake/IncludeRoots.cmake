# tactics_include_root(<target> <PUBLIC|PRIVATE|INTERFACE> <prefix> <folder>)
# Lets <target>'s sources (and, PUBLIC, its dependants') write `#include "<prefix>/name.h"` for
# the headers in <folder>, and nothing else: the include directory is a root of its own in the
# build tree, holding one link <prefix> -> <folder>. Every layer gets such a root, so a header of
# a layer that a target does not link is not on its include path at all, and an upward or
# sideways include fails to compile ("No such file or directory").
function(tactics_include_root target scope prefix folder)
  set(root ${CMAKE_BINARY_DIR}/include-roots/${target})
  set(link ${root}/${prefix})
  get_filename_component(parent ${link} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  # A build tree copied from another checkout keeps links into that checkout: point them here.
  if(IS_SYMLINK ${link})
    file(READ_SYMLINK ${link} current)
    if(NOT current STREQUAL folder)
      file(REMOVE ${link})
    endif()
  endif()
  if(NOT IS_SYMLINK ${link})
    file(CREATE_LINK ${folder} ${link} SYMBOLIC)
  endif()
  target_include_directories(${target} ${scope} $<BUILD_INTERFACE:${root}>)
endfunction()

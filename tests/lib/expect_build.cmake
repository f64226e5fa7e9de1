# ctest -P script: builds one layering probe (tests/lib/CMakeLists.txt) and checks the outcome.
#   -DBUILD_DIR=... -DTARGET=probe -DEXPECT=fail|build [-DHEADER=name.h]
# A probe expected to fail must fail because HEADER is not on its include path, not for any
# other reason.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(EXPECT STREQUAL "build")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${TARGET} should build but did not:\n${output}")
  endif()
elseif(result EQUAL 0)
  message(FATAL_ERROR "${TARGET} built, but it includes ${HEADER} from a layer it must not see")
else()
  string(FIND "${output}" "${HEADER}: No such file or directory" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${TARGET} failed, but not for want of ${HEADER}:\n${output}")
  endif()
endif()

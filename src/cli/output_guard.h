#pragma once
// SPEC §5: no output ever writes over a file the open map or scenario reads. Every command lists
// its inputs here and checks each output flag against them before it writes anything.

#include <optional>
#include <string>
#include <vector>

#include "tactics/io/input_files.h"

namespace tactics::cli {

// The dependency lists live in io (tactics/io/input_files.h), shared with the demo's save dialog.
using tactics::boardInputFiles;
using tactics::InputFile;
using tactics::mapInputFiles;
using tactics::tilesetInputFiles;

// The error for an output flag whose path is one of `inputs`:
// "--json 'x.png' is the input map; write somewhere else", or nullopt when it is none of them.
std::optional<std::string> refuseInputOverwrite(const std::string& flag, const std::string& path,
                                                const std::vector<InputFile>& inputs);

// What a command prints on stdout for each file it wrote (when stdout carries no JSON), as
// import-tiled does: "wrote out.json: the range as JSON\n".
std::string wroteLine(const std::string& path, const std::string& what);

}  // namespace tactics::cli

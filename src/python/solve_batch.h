#pragma once
// tactics_grid.solve_batch (issue 40): every unit's legal moves on every board of a batch, numpy
// arrays in and out (solver/board_batch.h does the work).

#include <pybind11/pybind11.h>

namespace tactics::python {

namespace py = pybind11;

// Adds solve_batch to the module.
void defineSolveBatch(py::module_& m);

}  // namespace tactics::python

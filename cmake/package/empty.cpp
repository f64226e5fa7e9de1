// A shared library of the layers needs a source of its own; everything in it comes from the
// static archive it links whole (cmake/Package.cmake).

#pragma once
// The "Working..." sign over the board (session/busy_sign.h decides when): a dark plate with a
// ring of dots and the word, at the top middle of the board, clear of the phase banner.

namespace tactics::app {

// In the UI's units: the board's top edge and horizontal middle; `seconds` turns the ring.
void drawBusySign(float boardCentreX, float boardTop, double seconds);

}  // namespace tactics::app

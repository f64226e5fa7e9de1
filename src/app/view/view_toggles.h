#pragma once
// What the board shows besides the board itself: the overlays, grid lines, labels and a channel
// of the solver's state. The panel writes them (ui/ui_settings.h); the renderer only reads them.

namespace tactics::app {

enum class ChannelView { Off, R, G, B, A };

struct ViewToggles {
  bool moveOverlay = true;
  bool attackOverlay = true;
  bool gridLines = true;
  bool travelCosts = false;
  bool parentGlyphs = false;
  ChannelView channel = ChannelView::Off;
  bool pulse = true;  // the selected unit's range breathes; off, an idle demo draws nothing
  bool sightLines = false;  // SPEC §11.8: lines from the hovered stopping cell to its attack
};

}  // namespace tactics::app

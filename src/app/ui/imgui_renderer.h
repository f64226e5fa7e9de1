#pragma once
// Dear ImGui's style and its OpenGL3 renderer backend. The platform made ImGui's context and
// feeds it the window's events (its own backend); this side starts each UI frame and draws it.

#include "app/platform/gl_dialect.h"

namespace tactics::app {

class ImGuiRenderer {
 public:
  // scale: the window's content scale, applied to the panel's sizes and text; dialect: the
  // context's, which names the GLSL version the backend's shaders are compiled with.
  ImGuiRenderer(float scale, GlDialect dialect);
  ~ImGuiRenderer();
  ImGuiRenderer(const ImGuiRenderer&) = delete;
  ImGuiRenderer& operator=(const ImGuiRenderer&) = delete;

  void beginFrame();
  void render();

  // The panel has the mouse (or keyboard): the board must not see the event.
  [[nodiscard]] bool wantsMouse() const;
  [[nodiscard]] bool wantsKeyboard() const;
  // A widget is being dragged or typed in: its edit is not finished.
  [[nodiscard]] bool editingWidget() const;
  // The user clicked into a text field: keys are typing, not the game's.
  [[nodiscard]] bool typing() const;
};

}  // namespace tactics::app

#pragma once
// Dear ImGui on the GLFW window: the context and both backends, shut down in reverse order.
// Installed after the window's own callbacks, so ImGui chains to them.

struct GLFWwindow;

namespace tactics::app {

class ImGuiLayer {
 public:
  // scale: the window's content scale, applied to the panel's sizes and text.
  ImGuiLayer(GLFWwindow* window, float scale);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void beginFrame();
  void render();

  // The panel has the mouse (or keyboard): the board must not see the event.
  [[nodiscard]] bool wantsMouse() const;
  [[nodiscard]] bool wantsKeyboard() const;
};

}  // namespace tactics::app

// Frame and solve timings, the backend, and whether the GPU agrees with the CPU reference.
#include "app/ui/panel_sections.h"

#include <imgui.h>


namespace tactics::app {

void numbersSection(Ui& ui, const SolveReport& report) {
  if (!ImGui::CollapsingHeader("Numbers", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // Medians of recent samples; the solver is warmed up when it is made, so shader compilation
  // is not in them.
  ImGui::Text("Frame %.2f ms (median of %zu)", ui.frameTimes.median(), ui.frameTimes.count());
  // The backend: a choice only when the context has OpenGL 4.3 (compute shaders).
  if (ui.computeAvailable) {
    int backend = ui.backend == Backend::Compute ? 1 : 0;
    ImGui::RadioButton("fragment passes", &backend, 0);
    ImGui::SameLine();
    ImGui::RadioButton("compute", &backend, 1);
    ui.backend = backend == 1 ? Backend::Compute : Backend::Gpu;
    if (ui.backend == Backend::Compute && ui.watch.enabled) {
      ImGui::TextDisabled("Watching runs the fragment passes");
    }
  } else {
    // OpenGL ES 3.0 and WebGL2 have no compute shaders: say why there is no choice.
    ImGui::TextDisabled("No compute backend here (needs OpenGL 4.3)");
  }
  ImGui::Text("Solves %d (%s), passes run %d", report.solves,
              report.compute ? "compute" : "fragment passes", report.passes);
  ImGui::Text("GPU solve %.3f ms, CPU reference %.3f ms", report.gpuTimes.median(),
              report.cpuTimes.median());
  // The other jobs: where Auto ran them (fields on the CPU on a software renderer) and how long
  // the last one took.
  const auto job = [](const char* what, const JobReport& ran) {
    if (!ran.backend) return;
    const bool passes = *ran.backend == Backend::Gpu;
    ImGui::Text("%s: %s, %.2f ms", what, passes ? "fragment passes" : backendName(*ran.backend),
                ran.ms);
  };
  job("Danger zone", ui.jobs.danger);
  job("Unit field", ui.jobs.unitField);
  job("Enemy phase fields", ui.jobs.phaseField);
  if (!report.problem.empty()) {
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "Cannot solve: %s", report.problem.c_str());
  } else if (!report.equalsCpu) {
    ImGui::TextDisabled("GPU = CPU: n/a (no converged solve)");
  } else if (*report.equalsCpu) {
    ImGui::TextColored(ImVec4(0.5F, 1, 0.5F, 1), "GPU = CPU reference: yes");
  } else {
    ImGui::TextColored(ImVec4(1, 0.4F, 0.4F, 1), "GPU = CPU reference: NO");
  }
}

}  // namespace tactics::app

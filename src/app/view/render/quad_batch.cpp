#include "app/view/render/quad_batch.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tactics::app {

namespace {

const void* byteOffset(std::size_t offset) {
  return reinterpret_cast<const void*>(static_cast<std::uintptr_t>(offset));  // NOLINT
}

}  // namespace

QuadBatch QuadBatch::create(std::string_view name) {
  QuadBatch batch;
  batch.vertexArray_ = gpu::makeVertexArray();
  batch.corners_ = gpu::makeBuffer();
  batch.instances_ = gpu::makeBuffer();
  glBindVertexArray(batch.vertexArray_.get());

  // Location 0: the quad's corner, 0..1 (a triangle strip).
  constexpr std::array<float, 8> corners = {0, 0, 1, 0, 0, 1, 1, 1};
  glBindBuffer(GL_ARRAY_BUFFER, batch.corners_.get());
  glBufferData(GL_ARRAY_BUFFER, sizeof(corners), corners.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), byteOffset(0));

  // Locations 1 and 2: the instance's rect and data.
  glBindBuffer(GL_ARRAY_BUFFER, batch.instances_.get());
  constexpr auto stride = static_cast<GLsizei>(sizeof(QuadInstance));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride, byteOffset(offsetof(QuadInstance, rect)));
  glVertexAttribDivisor(1, 1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride, byteOffset(offsetof(QuadInstance, data)));
  glVertexAttribDivisor(2, 1);

  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  const std::string label(name);
  gpu::label(GL_VERTEX_ARRAY, batch.vertexArray_.get(), label);
  gpu::label(GL_BUFFER, batch.corners_.get(), label + " corners");
  gpu::label(GL_BUFFER, batch.instances_.get(), label + " instances");
  return batch;
}

void QuadBatch::draw(const std::vector<QuadInstance>& instances) const {
  if (instances.empty()) return;
  glBindVertexArray(vertexArray_.get());
  glBindBuffer(GL_ARRAY_BUFFER, instances_.get());
  glBufferData(GL_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(instances.size() * sizeof(QuadInstance)),
               instances.data(), GL_STREAM_DRAW);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(instances.size()));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindVertexArray(0);
}

}  // namespace tactics::app

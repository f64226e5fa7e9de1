#include "gpu/gl/change_tests.h"

#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

bool ChangeTests::conditionalRenderingHere() {
  return !isEsContext() && glad_glBeginConditionalRender != nullptr &&
         glad_glEndConditionalRender != nullptr;
}

void ChangeTests::start() {
  lastChanged_ = 0;
  firstQuietKnown_ = 0;
}

QueryHandle& ChangeTests::query(int n) {
  while (static_cast<int>(queries_.size()) < n) {
    GLuint id = 0;
    glGenQueries(1, &id);
    queries_.emplace_back(id);
  }
  return queries_[static_cast<std::size_t>(n - 1)];
}

void ChangeTests::begin(int n) {
  glBeginQuery(GL_ANY_SAMPLES_PASSED, query(n).get());
}

void ChangeTests::end() {
  glEndQuery(GL_ANY_SAMPLES_PASSED);
}

void ChangeTests::beginIfChanged(int n) {
  if (!conditional_ || n < 1) return;
  glBeginConditionalRender(query(n).get(), GL_QUERY_WAIT);
  conditionOpen_ = true;
}

void ChangeTests::endIfChanged() {
  if (!conditionOpen_) return;
  glEndConditionalRender();
  conditionOpen_ = false;
}

bool ChangeTests::changed(int n) {
  if (n <= lastChanged_) return true;
  if (firstQuietKnown_ != 0 && n >= firstQuietKnown_) return false;
  GLuint anySamples = GL_TRUE;
  glGetQueryObjectuiv(query(n).get(), GL_QUERY_RESULT, &anySamples);
  if (anySamples != GL_FALSE) {
    lastChanged_ = n;
    return true;
  }
  firstQuietKnown_ = n;
  return false;
}

int ChangeTests::firstQuiet(int upTo) {
  if (upTo < 1) return 0;
  // Tests lastChanged_ + 1 .. hi may hold the first quiet one; hi itself is quiet when known.
  int lo = lastChanged_ + 1;
  int hi = firstQuietKnown_ != 0 && firstQuietKnown_ <= upTo ? firstQuietKnown_ : upTo;
  if (lo > hi) return 0;
  if (hi == upTo && firstQuietKnown_ != upTo && changed(upTo)) return 0;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (changed(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return hi;
}

}  // namespace tactics::gpu

// The toasts over the board (ui/toasts.h, issue 37 item 6): messages shown for a few seconds of
// game time, newest last, a few at most, each text once; the watched message fields.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "app/ui/toasts.h"

using tactics::app::editMessageKind;
using tactics::app::MessageSource;
using tactics::app::Toast;
using tactics::app::ToastKind;
using tactics::app::Toasts;

namespace {

std::vector<std::string> texts(const Toasts& toasts) {
  std::vector<std::string> out;
  for (const Toast& t : toasts.shown()) out.push_back(t.text);
  return out;
}

}  // namespace

TEST_CASE("toasts: a message is shown for a few seconds, then fades and goes", "[toasts]") {
  Toasts toasts;
  toasts.push("cannot open notes.txt: not a readable image", ToastKind::Error, 10.0);
  REQUIRE(texts(toasts) == std::vector<std::string>{"cannot open notes.txt: not a readable image"});
  CHECK(toasts.shown()[0].kind == ToastKind::Error);
  const Toast& toast = toasts.shown()[0];
  CHECK(Toasts::alpha(toast, 10.0) == 1.0F);
  CHECK(Toasts::alpha(toast, 10.0 + Toasts::kSeconds - Toasts::kFadeSeconds) == 1.0F);
  const float fading = Toasts::alpha(toast, 10.0 + Toasts::kSeconds - Toasts::kFadeSeconds / 2);
  CHECK(fading > 0.0F);
  CHECK(fading < 1.0F);
  toasts.advance(10.0 + Toasts::kSeconds - 0.1);
  CHECK_FALSE(toasts.empty());
  toasts.advance(10.0 + Toasts::kSeconds);
  CHECK(toasts.empty());
}

TEST_CASE("toasts: newest last, a few at most, the same text once", "[toasts]") {
  Toasts toasts;
  toasts.push("", ToastKind::Note, 0.0);
  CHECK(toasts.empty());
  toasts.push("a", ToastKind::Note, 0.0);
  toasts.push("b", ToastKind::Error, 1.0);
  toasts.push("a", ToastKind::Note, 2.0);  // again: moved to the end, its time starts again
  CHECK(texts(toasts) == std::vector<std::string>{"b", "a"});
  CHECK(toasts.shown().back().shownAt == 2.0);
  toasts.push("c", ToastKind::Note, 3.0);
  toasts.push("d", ToastKind::Note, 4.0);
  REQUIRE(toasts.shown().size() == Toasts::kMost);
  CHECK(texts(toasts) == std::vector<std::string>{"a", "c", "d"});
  // "a" was pushed again at 2 s: it outlives "b" would have.
  toasts.advance(2.0 + Toasts::kSeconds - 0.1);
  CHECK(texts(toasts) == std::vector<std::string>{"a", "c", "d"});
  toasts.advance(2.0 + Toasts::kSeconds);
  CHECK(texts(toasts) == std::vector<std::string>{"c", "d"});
}

TEST_CASE("toasts: a watched message field shows each new text once", "[toasts]") {
  Toasts toasts;
  toasts.notice(MessageSource::LevelEditor, "", ToastKind::Note, 0.0);
  CHECK(toasts.empty());
  const std::string refusal = "cannot place a unit: Soldier cannot enter wall at 16,20";
  toasts.notice(MessageSource::LevelEditor, refusal, ToastKind::Error, 1.0);
  toasts.notice(MessageSource::LevelEditor, refusal, ToastKind::Error, 2.0);  // still there
  REQUIRE(texts(toasts) == std::vector<std::string>{refusal});
  CHECK(toasts.shown()[0].shownAt == 1.0);
  // Another field with its own text; the first field cleared and then set again shows again.
  toasts.notice(MessageSource::OpenBoard, "cannot open x.txt", ToastKind::Error, 3.0);
  toasts.notice(MessageSource::LevelEditor, "", ToastKind::Note, 4.0);
  toasts.advance(20.0);
  CHECK(toasts.empty());
  toasts.notice(MessageSource::LevelEditor, refusal, ToastKind::Error, 21.0);
  CHECK(texts(toasts) == std::vector<std::string>{refusal});
}

TEST_CASE("toasts: the level editor's notes and its errors", "[toasts]") {
  CHECK(editMessageKind("Saved /tmp/a.json and its map /tmp/a.png") == ToastKind::Note);
  CHECK(editMessageKind("Saved the units into /tmp/m.tmx") == ToastKind::Note);
  CHECK(editMessageKind("Procedural terrain: the map was painted, so its Tiled art no longer "
                        "matches.") == ToastKind::Note);
  CHECK(editMessageKind("2 cell(s) kept: a unit stands there that cannot enter wall") ==
        ToastKind::Note);
  CHECK(editMessageKind("cannot place a unit: Soldier cannot enter wall at 16,20") ==
        ToastKind::Error);
  CHECK(editMessageKind("a board holds at most 64 units") == ToastKind::Error);
}

// The danger zone's three steps (issue 22 item 7) against every range colour, on every terrain,
// by a stated measure: colours are compared in CIELAB (sRGB, D65), as the distance dE76 between
// what the board shows, i.e. each overlay blended over each terrain colour at its opacity. No GL.
//   - every danger step is at least 15 apart from every team's move and attack colours at all
//     their opacities (the fill's pulse, the hatching's two stripes), on every terrain;
//   - on every terrain, 1 enemy is at least 12 apart from the bare terrain, and 2 from 1, and
//     3+ from 2: three clear steps;
//   - the steps are one hue (their CIELAB hue angles within 5 degrees), at least 45 degrees
//     from the hue of every move and attack colour.
// (dE76 of about 2 is a just-noticeable difference; 10 and more reads as another colour.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "app/view/palette.h"

using namespace tactics::app;

namespace {

struct Lab {
  double l = 0;
  double a = 0;
  double b = 0;
};

double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

Lab lab(Rgb rgb) {
  const double r = linear(rgb.r);
  const double g = linear(rgb.g);
  const double b = linear(rgb.b);
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double distance(Rgb p, Rgb q) {
  const Lab a = lab(p);
  const Lab b = lab(q);
  return std::sqrt((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) +
                   (a.b - b.b) * (a.b - b.b));
}

// CIELAB hue angle, 0..360 degrees.
double hue(Rgb rgb) {
  const Lab c = lab(rgb);
  const double degrees = std::atan2(c.b, c.a) * 180.0 / 3.14159265358979;
  return degrees < 0 ? degrees + 360.0 : degrees;
}

double hueGap(double a, double b) {
  const double d = std::fabs(a - b);
  return std::min(d, 360.0 - d);
}

Rgb over(Rgb below, Rgb colour, float alpha) {
  return {below.r * (1 - alpha) + colour.r * alpha, below.g * (1 - alpha) + colour.g * alpha,
          below.b * (1 - alpha) + colour.b * alpha};
}

Rgb danger(const TerrainSample& terrain, int count) {
  const DangerStep step = dangerStep(count);
  return over(terrain.colour, step.colour, step.alpha);
}

constexpr std::array<tactics::Team, 3> kTeams = {tactics::Team::Player, tactics::Team::Enemy,
                                                 tactics::Team::Ally};

}  // namespace

TEST_CASE("danger steps: apart from every move and attack colour on every terrain", "[app][palette]") {
  double closest = 1e9;
  for (const TerrainSample& terrain : kTerrainSamples) {
    for (int count = 1; count <= kDangerSteps; ++count) {
      const Rgb shown = danger(terrain, count);
      for (tactics::Team team : kTeams) {
        const RangeColours range = rangeColours(team);
        for (float alpha : {kMoveAlphaLow, kMoveAlphaHigh}) {
          const double d = distance(shown, over(terrain.colour, range.move, alpha));
          INFO(terrain.name << ", " << count << " enemies vs " << teamName(team) << " move: " << d);
          CHECK(d >= 15.0);
          closest = std::min(closest, d);
        }
        for (float alpha : kAttackAlphas) {
          const double d = distance(shown, over(terrain.colour, range.attack, alpha));
          INFO(terrain.name << ", " << count << " enemies vs " << teamName(team) << " attack: " << d);
          CHECK(d >= 15.0);
          closest = std::min(closest, d);
        }
      }
    }
  }
  // The measure catches what players saw: the old crimson danger zone (0.62, 0.05, 0.16), at
  // 0.46 for two enemies, came within 15 of the player's attack red over water.
  const TerrainSample water = kTerrainSamples[7];
  REQUIRE(std::string(water.name) == "water");
  CHECK(distance(over(water.colour, {0.62F, 0.05F, 0.16F}, 0.46F),
                 over(water.colour, rangeColours(tactics::Team::Player).attack, 0.38F)) < 15.0);
  CHECK(closest >= 15.0);
}

TEST_CASE("danger steps: three clear steps on every terrain", "[app][palette]") {
  for (const TerrainSample& terrain : kTerrainSamples) {
    INFO(terrain.name);
    CHECK(distance(terrain.colour, danger(terrain, 1)) >= 12.0);
    CHECK(distance(danger(terrain, 1), danger(terrain, 2)) >= 12.0);
    CHECK(distance(danger(terrain, 2), danger(terrain, 3)) >= 12.0);
    // Darker with every enemy more.
    CHECK(lab(danger(terrain, 2)).l < lab(danger(terrain, 1)).l);
    CHECK(lab(danger(terrain, 3)).l < lab(danger(terrain, 2)).l);
  }
  // 3 and more share the last step.
  for (int count : {4, 9, 255}) {
    const DangerStep step = dangerStep(count);
    CHECK(step.alpha == dangerStep(3).alpha);
    CHECK(distance(step.colour, dangerStep(3).colour) == 0.0);
  }
}

TEST_CASE("danger steps: one hue, far from every range hue", "[app][palette]") {
  std::array<double, kDangerSteps> hues{};
  for (int count = 1; count <= kDangerSteps; ++count) {
    hues[static_cast<std::size_t>(count - 1)] = hue(dangerStep(count).colour);
  }
  for (double a : hues) {
    for (double b : hues) CHECK(hueGap(a, b) <= 5.0);
    for (tactics::Team team : kTeams) {
      INFO(teamName(team) << " vs danger hue " << a);
      CHECK(hueGap(a, hue(rangeColours(team).move)) >= 45.0);
      CHECK(hueGap(a, hue(rangeColours(team).attack)) >= 45.0);
    }
  }
}

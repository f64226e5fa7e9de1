#include "tactics/gpu/range_solver.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string>

#include "board_inputs.h"
#include "gpu/gl/change_tests.h"
#include "gpu/gl/gl_api.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"
#include "solver_shaders.h"
#include "state_readback.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/sight.h"

namespace tactics::gpu {

namespace {

Expected<Program> buildPass(std::string_view fragmentName, std::string_view fragmentSource,
                            GridLayout layout) {
  return Program::build("fullscreen.vert", shaders::kFullscreenVert, fragmentName, fragmentSource,
                        layout);
}

// A pass drawn over the diamond (a hexagon on a hex board) of cells within some steps of the
// unit (diamond.vert).
Expected<Program> buildDiamondPass(std::string_view fragmentName, std::string_view fragmentSource,
                                   GridLayout layout) {
  return Program::build("diamond.vert", shaders::kDiamondVert, fragmentName, fragmentSource,
                        layout);
}

// How many cells of the map lie within `reach` steps of `unit`: the fragments a diamond draws
// (on a hex board, the cells the hexagon must draw; its rim adds a few more).
long long cellsInDiamond(const Topology& topology, Cell unit, int reach, int width, int height) {
  long long cells = 0;
  if (!topology.hex()) {
    for (int y = std::max(0, unit.y - reach); y <= std::min(height - 1, unit.y + reach); ++y) {
      const int half = reach - std::abs(y - unit.y);
      cells += std::min(width - 1, unit.x + half) - std::max(0, unit.x - half) + 1;
    }
    return cells;
  }
  // Line by line across the stagger (rows on hex-y, columns on hex-x): the run of the hex ball,
  // as in attack.frag's hexRun.
  const bool columns = topology.layout() == GridLayout::HexXOdd ||
                       topology.layout() == GridLayout::HexXEven;
  const int along = columns ? unit.y : unit.x;
  const int across = columns ? unit.x : unit.y;
  const int alongSize = columns ? height : width;
  const int acrossSize = columns ? width : height;
  const int parity = topology.parity(unit);
  for (int t = -reach; t <= reach; ++t) {
    if (across + t < 0 || across + t >= acrossSize) continue;
    const int shifted = along + ((parity + t) >> 1);
    const int first = std::max(0, shifted + std::max(-reach, -reach - t));
    const int last = std::min(alongSize - 1, shifted + std::min(reach, reach - t));
    cells += std::max(0, last - first + 1);
  }
  return cells;
}

}  // namespace

struct RangeSolver::Impl {
  int width = 0;
  int height = 0;
  // The board's grid: the programs are built for it (topology.glsl), the rules baked on it.
  Topology topology;

  Program init, relax, changed, origins, rowPrefix, attack, finish;
  Program originWords, sightSeen;  // line of sight a word of cells at a time (sight_seen.frag)
  TextureHandle mapTexture;        // R8 grey values, changed only by updateMap
  // R8UI: the rules seam's byte for each cell this solve's unit can enter (entry cost, may it
  // stop, does travel go on: move_rules.h), baked on the CPU around the unit each solve, so no
  // pass works out costs or blocking itself.
  TextureHandle rulesTexture;
  RuleWindow rules;                // the bytes being uploaded
  std::array<RenderTarget, 2> state;   // ping-pong RGBA8 state textures
  std::array<RenderTarget, 2> counts;  // ping-pong R32UI row prefix counts of stopping cells
  // Where the last relaxation pass changed its cell: relax writes depth 0 there, 1 elsewhere,
  // and the change test counts the cells that pass a depth test instead of comparing texels.
  // Attached to both state targets and to the change test's target.
  TextureHandle changedDepth;
  // R32UI (width + 1) x (height + 1): the summed-area table of the sight-blocking cells (SPEC
  // §11.8, shaders/sight.glsl), made for the blockers of the last query with sight on; a 1x1
  // zero until then, so the attack pass always has a texture of its sampler's type.
  TextureHandle sightSums;
  std::optional<std::uint64_t> sightSumsOf;  // the blockers sightSums holds; none: stale
  // Sight by words, for attacks reaching at most kSightWordReach (board_inputs.h): R32UI words of
  // 32 cells, sightWordsAcross(width) x height: the stopping cells, the cells seen, and the
  // blockers (made for the blockers of the last such query); the offset table of the last attack.
  RenderTarget originWordsTarget;
  RenderTarget seenWordsTarget;
  TextureHandle blockerWords;
  std::optional<std::uint64_t> blockerWordsOf;
  TextureHandle sightTable;
  std::vector<AttackSpan> sightTableOf;
  int sightTableOffsets = 0;
  VertexArrayHandle emptyVertexArray;
  ChangeTests changeTests;  // one occlusion query per relaxation pass, read late
  CostMap map;  // the CPU copy: what the rules are baked from, the cells a readback skips

  PassShaders passShaders = PassShaders::Exact;
  int current = 0;                  // index of the state texture holding the latest result
  int lastPasses = 0;
  long long cellsShaded = 0;        // fragments drawn by the current solve so far
  CellBox dirty;                    // cells the previous solve may have written
  bool mayHalt = false;             // the last bake can leave halted cells (see finish.frag)

  void draw(const RenderTarget& target, const CellBox& box) {
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.get());
    // The viewport, not just the scissor, is the box: the rasterizer then never visits the rest
    // of the map (gl_FragCoord stays in map cells either way).
    glViewport(box.x0, box.y0, box.width(), box.height());
    glScissor(box.x0, box.y0, box.width(), box.height());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    cellsShaded += static_cast<long long>(box.width()) * box.height();
  }

  // Draws `program` (built with diamond.vert) over the cells within `reach` steps of `unit`.
  void drawDiamond(const RenderTarget& target, const Program& program, Cell unit, int reach) {
    const CellBox box = CellBox::around(unit, reach).clippedTo(width, height);
    program.set("unit", unit.x, unit.y);
    program.set("reach", reach);
    program.set("viewportBox", box.x0, box.y0, box.width(), box.height());
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.get());
    glViewport(box.x0, box.y0, box.width(), box.height());
    glScissor(box.x0, box.y0, box.width(), box.height());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, topology.neighbourCount());  // a diamond or a hexagon
    cellsShaded += cellsInDiamond(topology, unit, reach, width, height);
  }

  void resetState(const RangeQuery& query, const CellBox& box);
  void writeRules(const RangeQuery& query);
  void finishReached(const CellBox& box);
  // Submits relaxation passes, at most passLimit; returns how many.
  int relaxPasses(const RangeQuery& query, int passLimit);
  // After the last pass of the solve is submitted: the first quiet relaxation pass, read from
  // the change tests (the one wait of a solve before its read-back), as the solve's stats.
  SolveStats readPassCount(const RangeQuery& query, int passesRun);
  void markAttackRange(const RangeQuery& query, const CellBox& originBox);
  // The attack steps: the stopping cells' row prefix counts (returns the counts target holding
  // them); or, with sight decided by words, the stopping cells packed and the seen words.
  int sumOriginRows(const CellBox& originBox);
  void seeByWords(const RangeQuery& query, const CellBox& originBox, const CellBox& attackBox);
  // Whether this query's sight is decided a word of cells at a time: sight on a square board,
  // reaching at most kSightWordReach.
  [[nodiscard]] bool sightByWords(const RangeQuery& query) const {
    return query.sight.on && !topology.hex() && query.attack.maxDistance() <= kSightWordReach;
  }
  // The attack pass's line of sight: on for a query with sight on a square board; by words, or
  // through its blockers' summed-area table (re)made when they changed.
  void setSight(const RangeQuery& query);
  // create()'s steps: the programs of every pass, then the map's textures and targets.
  std::optional<std::string> buildPrograms(PassShaders kind);
  std::optional<std::string> makeTargets(const CostMap& board);
};

void RangeSolver::Impl::resetState(const RangeQuery& query, const CellBox& box) {
  init.use();
  init.set("map", 0);
  init.set("unit", query.unit.x, query.unit.y);
  bindTexture(0, mapTexture.get());
  for (const RenderTarget& target : state) draw(target, box);
}

void RangeSolver::Impl::writeRules(const RangeQuery& query) {
  // Relaxation draws nothing beyond moveRange steps of the unit.
  const MoveRules moveRules(map, query);
  moveRules.bake(moveRules.reachBox(), rules);
  uploadRules(rulesTexture.get(), rules);
  // Cells travel does not continue through: those the rules halt, and the unit's neighbours
  // that cost more than its whole range (the one-step rule). Without attack passes, a finishing
  // pass then gives them their canonical bytes.
  mayHalt = false;
  for (CellRule rule : rules.bytes()) mayHalt = mayHalt || !cell_rule::continues(rule);
  for (int k = 0; k < topology.neighbourCount(); ++k) {
    const Cell n = topology.neighbour(query.unit, k);
    if (rules.box().contains(n) && cell_rule::entryCost(rules[n]) > query.moveRange) mayHalt = true;
  }
}

int RangeSolver::Impl::relaxPasses(const RangeQuery& query, int passLimit) {
  const int passes = std::min(query.moveRange, passLimit);
  relax.use();
  relax.set("state", 0);
  relax.set("rules", 1);
  relax.set("moveRange", query.moveRange);
  relax.set("mapSize", width, height);
  glEnable(GL_DEPTH_TEST);

  // Pass k draws its change test under test k's query (gl/change_tests.h). The CPU reads none
  // of them while it submits, but at the look-back points; with conditional rendering the GPU
  // skips every pass after the first quiet one by itself. Passes after the first quiet one
  // change nothing (both state textures then hold the same cells), so running or skipping them
  // costs time, never bytes, and `passes` is still the first quiet pass, found at the end.
  // Where answers come only in a later frame (WebGL2), every pass runs and none is tested.
  const bool testChanges = sameFrameQueries();
  const bool mayStop = passShaders != PassShaders::PassThrough;  // the floor runs every pass
  changeTests.start();
  int pass = 1;
  for (; pass <= passes; ++pass) {
    // Pass k can only change cells within k steps of the unit. Relax marks the cells it changed
    // in the depth buffer (depth 0, the rest 1; the pass-through floor writes its z, 0.5).
    const int next = 1 - current;
    if (testChanges && mayStop) changeTests.beginIfChanged(pass - 1);
    relax.use();
    bindTexture(0, state[static_cast<std::size_t>(current)].texture.get());
    bindTexture(1, rulesTexture.get());
    glDepthFunc(GL_ALWAYS);
    glDepthMask(GL_TRUE);
    drawDiamond(state[static_cast<std::size_t>(next)], relax, query.unit, pass);
    current = next;
    if (!testChanges) continue;

    // Did this pass change anything? Count the fragments at z 0.5 that pass a depth test
    // against those marks, with colour and depth writes off, under this pass's test.
    changed.use();
    bindTexture(1, state[static_cast<std::size_t>(next)].texture.get());
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthFunc(GL_GREATER);
    glDepthMask(GL_FALSE);
    changeTests.begin(pass);
    drawDiamond(counts[0], changed, query.unit, pass);
    changeTests.end();
    changeTests.endIfChanged();
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    // Now and then, a look at a pass drawn a few passes ago: once one was quiet, stop submitting.
    if (const int back = lookBackTest(pass);
        mayStop && pass < passes && back != 0 && !changeTests.changed(back)) {
      ++pass;
      break;
    }
  }
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  return std::min(pass - 1, passes);
}

SolveStats RangeSolver::Impl::readPassCount(const RangeQuery& query, int passesRun) {
  // The floor charges itself the same reads, and takes no answer from them.
  const int firstQuiet = sameFrameQueries() ? changeTests.firstQuiet(passesRun) : 0;
  if (firstQuiet != 0 && passShaders != PassShaders::PassThrough) {
    return {firstQuiet, true, passesRun, 0};  // nothing changed: final
  }
  // Every pass the range needs has run, or the limit stopped it part way.
  return {passesRun, passesRun == query.moveRange, passesRun, 0};
}

void RangeSolver::Impl::markAttackRange(const RangeQuery& query, const CellBox& originBox) {
  // 1. Stopping cells as 1s, 2. row prefix sums by doubling (or, with sight by words, the
  // stopping cells packed into words and the words of cells seen), 3. the attack test per cell.
  origins.use();
  origins.set("state", 0);
  origins.set("rules", 1);
  bindTexture(0, state[static_cast<std::size_t>(current)].texture.get());
  bindTexture(1, rulesTexture.get());
  draw(counts[0], originBox);

  const CellBox attackBox =
      CellBox{originBox.x0 - query.attack.maxDistance(), originBox.y0 - query.attack.maxDistance(),
              originBox.x1 + query.attack.maxDistance(), originBox.y1 + query.attack.maxDistance()}
          .clippedTo(width, height);
  const bool byWords = sightByWords(query);
  int prefix = 0;
  if (byWords) {
    seeByWords(query, originBox, attackBox);
  } else {
    prefix = sumOriginRows(originBox);
  }

  const int next = 1 - current;
  attack.use();
  attack.set("state", 0);
  attack.set("originPrefix", 1);
  attack.set("originBox", originBox.x0, originBox.y0, originBox.x1, originBox.y1);
  setAttackSpans(attack, query.attack);
  setSight(query);
  bindTexture(0, state[static_cast<std::size_t>(current)].texture.get());
  bindTexture(1, counts[static_cast<std::size_t>(prefix)].texture.get());
  draw(state[static_cast<std::size_t>(next)], attackBox);
  // Cells outside the attack box are the same in both state textures (reset, never written).
  current = next;
}

int RangeSolver::Impl::sumOriginRows(const CellBox& originBox) {
  // Along rows, or along columns on hex-x (attack.frag says why).
  const bool alongColumns = topology.layout() == GridLayout::HexXOdd ||
                            topology.layout() == GridLayout::HexXEven;
  int prefix = 0;
  rowPrefix.use();
  rowPrefix.set("counts", 0);
  rowPrefix.set("firstAlong", alongColumns ? originBox.y0 : originBox.x0);
  const int lineLength = alongColumns ? originBox.height() : originBox.width();
  for (int offset = 1; offset < lineLength; offset *= 2) {
    rowPrefix.set("offset", offset);
    bindTexture(0, counts[static_cast<std::size_t>(prefix)].texture.get());
    draw(counts[static_cast<std::size_t>(1 - prefix)], originBox);
    prefix = 1 - prefix;
  }
  return prefix;
}

void RangeSolver::Impl::seeByWords(const RangeQuery& query, const CellBox& originBox,
                                   const CellBox& attackBox) {
  // The inputs: the blockers' words while the blockers stay, the table while the attack does.
  if (blockerWordsOf != query.sight.blockers) {
    const std::vector<std::uint32_t> words = sightBlockerWords(map, query.sight.blockers);
    blockerWords = makeCellTexture(sightWordsAcross(width), height, GL_R32UI, GL_RED_INTEGER,
                                   GL_UNSIGNED_INT, words.data(), "sight blocker words");
    blockerWordsOf = query.sight.blockers;
  }
  const std::vector<AttackSpan> spans = query.attack.merged();
  if (!sightTable || spans != sightTableOf) {
    const std::vector<std::uint32_t> table = sightOffsetTable(spans);
    sightTable = makeCellTexture(kSightTableWidth, static_cast<int>(table.size()) / kSightTableWidth,
                                 GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, table.data(),
                                 "sight offsets");
    sightTableOf = spans;
    sightTableOffsets = sightOffsetCount(spans);
  }
  // The stopping cells (counts[0]'s 1s) packed into words.
  const CellBox originWordBox{originBox.x0 / 32, originBox.y0, originBox.x1 / 32, originBox.y1};
  originWords.use();
  originWords.set("origins", 0);
  originWords.set("source", 0);  // the floor's pass-through
  originWords.set("originBox", originBox.x0, originBox.y0, originBox.x1, originBox.y1);
  bindTexture(0, counts[0].texture.get());
  draw(originWordsTarget, originWordBox);
  // Every word of the attack box: which of its cells a stopping cell in range sees.
  sightSeen.use();
  sightSeen.set("originWords", 0);
  sightSeen.set("source", 0);
  sightSeen.set("blockerWords", 1);
  sightSeen.set("sightOffsets", 2);
  sightSeen.set("originWordBox", originWordBox.x0, originWordBox.y0, originWordBox.x1,
                originWordBox.y1);
  sightSeen.set("reach", query.attack.maxDistance());
  sightSeen.set("sightOffsetCount", sightTableOffsets);
  bindTexture(0, originWordsTarget.texture.get());
  bindTexture(1, blockerWords.get());
  bindTexture(2, sightTable.get());
  draw(seenWordsTarget, CellBox{attackBox.x0 / 32, attackBox.y0, attackBox.x1 / 32, attackBox.y1});
}

void RangeSolver::Impl::setSight(const RangeQuery& query) {
  const bool on = query.sight.on && !topology.hex();
  const bool byWords = sightByWords(query);
  attack.set("sightOn", on ? 1 : 0);
  attack.set("sightByWords", byWords ? 1 : 0);
  attack.set("sightSums", 2);
  attack.set("seenWords", 3);
  if (on && !byWords && sightSumsOf != query.sight.blockers) {
    const std::vector<std::uint32_t> sums = tactics::sightSums(map, query.sight.blockers);
    sightSums = makeCellTexture(width + 1, height + 1, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                sums.data(), "sight sums");
    sightSumsOf = query.sight.blockers;
  } else if (!sightSums) {
    const std::uint32_t zero = 0;
    sightSums = makeCellTexture(1, 1, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero,
                                "sight sums");
  }
  // Bound after making sightSums: making a texture binds it to the active unit.
  bindTexture(2, sightSums.get());
  bindTexture(3, seenWordsTarget.texture.get());
}

void RangeSolver::Impl::finishReached(const CellBox& box) {
  const int next = 1 - current;
  finish.use();
  finish.set("state", 0);
  bindTexture(0, state[static_cast<std::size_t>(current)].texture.get());
  draw(state[static_cast<std::size_t>(next)], box);
  // Outside the box both state textures hold the same cells, as after the attack pass.
  current = next;
}

RangeSolver::RangeSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RangeSolver::RangeSolver(RangeSolver&&) noexcept = default;
RangeSolver& RangeSolver::operator=(RangeSolver&&) noexcept = default;
RangeSolver::~RangeSolver() = default;

std::optional<std::string> RangeSolver::Impl::buildPrograms(PassShaders kind) {
  // The exact passes, or the bench's yardsticks in their place (see PassShaders).
  using Source = std::pair<std::string_view, std::string_view>;
  const Source passThrough{"pass_through.frag", shaders::kPassThroughFrag};
  const bool floor = kind == PassShaders::PassThrough;
  passShaders = kind;
  // Relaxation and its change test are drawn as diamonds, the rest as boxes.
  const Source passThroughCount{"pass_through_count.frag", shaders::kPassThroughCountFrag};
  const std::array<std::pair<Program*, Source>, 9> passes = {{
      {&init, floor ? passThrough : Source{"init.frag", shaders::kInitFrag}},
      {&relax, floor ? passThrough
               : kind == PassShaders::CloseOnce
                   ? Source{"relax_close_once.frag", shaders::kRelaxCloseOnceFrag}
                   : Source{"relax.frag", shaders::kRelaxFrag}},
      {&changed, floor ? passThrough : Source{"changed.frag", shaders::kChangedFrag}},
      {&origins, floor ? Source{"pass_through_origins.frag", shaders::kPassThroughOriginsFrag}
                       : Source{"origins.frag", shaders::kOriginsFrag}},
      {&rowPrefix, floor ? Source{"pass_through_count.frag", shaders::kPassThroughCountFrag}
                         : Source{"row_prefix.frag", shaders::kRowPrefixFrag}},
      {&attack, floor ? passThrough : Source{"attack.frag", shaders::kAttackFrag}},
      {&originWords, floor ? passThroughCount
                           : Source{"origin_words.frag", shaders::kOriginWordsFrag}},
      {&sightSeen, floor ? passThroughCount : Source{"sight_seen.frag", shaders::kSightSeenFrag}},
      {&finish, floor ? passThrough : Source{"finish.frag", shaders::kFinishFrag}},
  }};
  for (const auto& [program, source] : passes) {
    const bool diamond = program == &relax || program == &changed;
    auto built = diamond ? buildDiamondPass(source.first, source.second, topology.layout())
                         : buildPass(source.first, source.second, topology.layout());
    if (!built) return built.error();
    *program = std::move(*built);
  }
  return std::nullopt;
}

std::optional<std::string> RangeSolver::Impl::makeTargets(const CostMap& board) {
  mapTexture = makeCellTexture(board.width(), board.height(), GL_R8, GL_RED, GL_UNSIGNED_BYTE,
                               board.greyValues().data(), "map grey");
  const std::vector<std::uint8_t> noRules(board.greyValues().size(), 0);
  rulesTexture = makeCellTexture(board.width(), board.height(), GL_R8UI, GL_RED_INTEGER,
                                 GL_UNSIGNED_BYTE, noRules.data(), "move rules");
  // The state and origin-count ping-pong pairs.
  const char* stateNames[2] = {"state ping", "state pong"};
  const char* countNames[2] = {"origin counts ping", "origin counts pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto stateTarget = makeRenderTarget(board.width(), board.height(), GL_RGBA8, GL_RGBA,
                                        GL_UNSIGNED_BYTE, stateNames[i]);
    if (!stateTarget) return stateTarget.error();
    state[i] = std::move(*stateTarget);
    auto countTarget = makeRenderTarget(board.width(), board.height(), GL_R32UI, GL_RED_INTEGER,
                                        GL_UNSIGNED_INT, countNames[i]);
    if (!countTarget) return countTarget.error();
    counts[i] = std::move(*countTarget);
  }
  // Sight's words: R32UI, 32 cells a texel.
  const int across = sightWordsAcross(board.width());
  auto originWordTarget = makeRenderTarget(across, board.height(), GL_R32UI, GL_RED_INTEGER,
                                           GL_UNSIGNED_INT, "origin words");
  if (!originWordTarget) return originWordTarget.error();
  originWordsTarget = std::move(*originWordTarget);
  auto seenWordTarget = makeRenderTarget(across, board.height(), GL_R32UI, GL_RED_INTEGER,
                                         GL_UNSIGNED_INT, "seen words");
  if (!seenWordTarget) return seenWordTarget.error();
  seenWordsTarget = std::move(*seenWordTarget);
  // The change marks, a depth texture attached to the targets the change test draws into.
  changedDepth = makeCellTexture(board.width(), board.height(), GL_DEPTH_COMPONENT16,
                                 GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, nullptr,
                                 "changed cells (depth)");
  for (const RenderTarget* target : {&state[0], &state[1], &counts[0]}) {
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, changedDepth.get(),
                           0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      return "a state framebuffer with the change marks attached is incomplete (status " +
             std::to_string(status) + ")";
    }
  }
  return std::nullopt;
}

Expected<RangeSolver> RangeSolver::create(const CostMap& map, PassShaders passShaders) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};

  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();
  impl->topology = map.topology();
  if (auto problem = impl->buildPrograms(passShaders)) return Error{*problem};
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  if (auto problem = impl->makeTargets(map)) return Error{*problem};
  impl->emptyVertexArray = makeVertexArray();
  impl->changeTests = ChangeTests(ChangeTests::conditionalRenderingHere());
  impl->map = map;
  impl->dirty = CellBox{0, 0, map.width() - 1, map.height() - 1};  // nothing initialised yet
  return RangeSolver(std::move(impl));
}

SolveStats RangeSolver::solve(const RangeQuery& query, int passLimit) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  // Everything this solve can touch: cells within moveRange steps, plus attack range.
  const int reach = query.moveRange + query.attack.maxDistance();
  const CellBox solveBox = CellBox::around(query.unit, reach).clippedTo(s.width, s.height);

  // Fixed state for every pass: viewport = the map, scissor = the cells a pass may change.
  glViewport(0, 0, s.width, s.height);
  glEnable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(s.emptyVertexArray.get());

  s.cellsShaded = 0;
  // The floor's relax copies the state and reads no rules: it does not pay for them.
  if (s.passShaders != PassShaders::PassThrough) s.writeRules(query);
  s.resetState(query, solveBox.unitedWith(s.dirty));
  s.dirty = solveBox;
  const int passesRun = s.relaxPasses(query, passLimit);
  // Reached cells lie within the passes submitted: the attack passes work there, before the CPU
  // knows which pass was the first quiet one, so that it waits once, for the whole solve.
  const CellBox submittedBox = CellBox::around(query.unit, passesRun).clippedTo(s.width, s.height);
  if (!query.attack.none()) {
    s.markAttackRange(query, submittedBox);
  } else if (s.mayHalt && passesRun > 0) {
    s.finishReached(submittedBox);
  }
  SolveStats stats = s.readPassCount(query, passesRun);
  s.lastPasses = stats.passes;
  // The relaxation passes (and their tests) the GPU skipped shaded nothing.
  if (s.changeTests.conditional() && s.passShaders != PassShaders::PassThrough) {
    for (int k = stats.passes + 1; k <= passesRun; ++k) {
      s.cellsShaded -= 2 * cellsInDiamond(s.topology, query.unit, k, s.width, s.height);
    }
  }
  // Reached cells lie within `passes` steps (later passes were quiet), attackable ones within the
  // attack range of those: outside that box both state textures hold the reset state (the
  // passes beyond it wrote what they read), so the readback and the next reset need no more.
  const int attackReach = query.attack.maxDistance();
  s.dirty = CellBox::around(query.unit, stats.passes + attackReach).clippedTo(s.width, s.height);

  stats.cellsShaded = s.cellsShaded;

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  return stats;
}

void RangeSolver::updateMap(const CostMap& map, CellBox box) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (map.width() != impl_->width || map.height() != impl_->height) return;
  if (map.layout() != impl_->map.layout()) {
    // Another grid: every pass is built for the layout, and the last solve's cells and parents
    // mean nothing on the new one. Rebuild the programs (the same kinds) and start afresh.
    Impl& s = *impl_;
    s.topology = map.topology();
    s.map.setLayout(map.layout());
    if (auto problem = s.buildPrograms(s.passShaders)) {
      std::fprintf(stderr, "error: rebuilding the passes for a %s board: %s\n",
                   layoutName(map.layout()), problem->c_str());
    }
    s.dirty = CellBox{0, 0, s.width - 1, s.height - 1};
    s.lastPasses = 0;
    box = s.dirty;
  }
  const CellBox cells = box.clippedTo(impl_->width, impl_->height);
  if (cells.empty()) return;
  uploadGreys(impl_->mapTexture.get(), map, cells);
  impl_->sightSumsOf.reset();  // the blockers may have moved
  impl_->blockerWordsOf.reset();
  // The CPU copy too: the rules and the cells a readback skips come from it.
  for (int y = cells.y0; y <= cells.y1; ++y) {
    for (int x = cells.x0; x <= cells.x1; ++x) impl_->map.setGrey({x, y}, map.grey({x, y}));
  }
}

std::uint32_t RangeSolver::stateTexture() const {
  return impl_->state[static_cast<std::size_t>(impl_->current)].texture.get();
}
CellBox RangeSolver::touchedBox() const { return impl_->dirty; }
int RangeSolver::width() const { return impl_->width; }
int RangeSolver::height() const { return impl_->height; }

std::vector<std::uint8_t> RangeSolver::readBox(const CellBox& box) const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  return readStateBox(impl_->state[static_cast<std::size_t>(impl_->current)].framebuffer.get(), box);
}

std::vector<std::uint8_t> RangeSolver::readState() const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  return readWholeState(impl_->state[static_cast<std::size_t>(impl_->current)].framebuffer.get(),
                        impl_->dirty, impl_->map.greyValues(), impl_->width);
}

RangeResult RangeSolver::readResult() const {
  RangeResult result(impl_->width, impl_->height, impl_->map.layout());
  result.written = CellBox{};  // fresh: every cell holds its defaults
  readResult(result);
  return result;
}

void RangeSolver::readResult(RangeResult& result) const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  readResultInto(impl_->state[static_cast<std::size_t>(impl_->current)].framebuffer.get(),
                 impl_->dirty, impl_->width, impl_->height, impl_->map.layout(),
                 impl_->lastPasses, result);
}

}  // namespace tactics::gpu

// The rules seam's byte (include/tactics/solver/move_rules.h), one per cell in an R8UI texture
// the solver bakes on the CPU for the cells its query can touch. Shaders never work out costs,
// passability or blocking themselves: they read these.
//   bits 0-3  entry cost 1..15; 0: no path enters the cell
//   bit 4     the mover may cross the cell but not stop there
//   bit 5     travel does not continue through the cell (reached, relaxes no neighbour)
const uint kRuleCostMask = 15u;
const uint kRuleNoStop = 16u;
const uint kRuleHalt = 32u;

int ruleEntryCost(uint rule) { return int(rule & kRuleCostMask); }
bool ruleMayStop(uint rule) { return (rule & kRuleNoStop) == 0u; }
bool ruleContinues(uint rule) { return (rule & kRuleHalt) == 0u; }

#pragma once
// Packing rectangles into an atlas in shelves, for the solvers that tile many windows into one
// texture (the danger zone's enemies, a batch's queries).

#include <cstddef>
#include <vector>

namespace tactics::gpu {

struct ShelfItem {
  int width = 0;
  int height = 0;
};

// Where item `item` sits in its batch's atlas.
struct ShelfPlace {
  std::size_t item = 0;
  int x = 0;
  int y = 0;
};

// One atlas's items, and the texels they use.
struct ShelfBatch {
  std::vector<ShelfPlace> places;
  int width = 0;
  int height = 0;
};

// Packs the items, in order, into shelves of an atlas `atlasWidth` texels wide: left to right, a
// new shelf below when a row is full, a new batch when a shelf would pass `rowLimit` texels (or
// the batch has `maxItems`). A batch always takes its first item, and any on its first shelf,
// even past the limit.
std::vector<ShelfBatch> packShelves(const std::vector<ShelfItem>& items, int atlasWidth,
                                    int rowLimit, int maxItems);

// An atlas width for items of `area` texels in all, the widest `widest`: about square, no wider
// than the budget allows for rows of the tallest, nor than textures may be.
int shelfAtlasWidth(long long area, int widest, int tallest, std::size_t budgetBytes,
                    std::size_t bytesPerTexel, int maxTextureSize);

// The rows an atlas `atlasWidth` wide may have within the budget and the texture limit.
int shelfRowLimit(int atlasWidth, std::size_t budgetBytes, std::size_t bytesPerTexel,
                  int maxTextureSize);

}  // namespace tactics::gpu

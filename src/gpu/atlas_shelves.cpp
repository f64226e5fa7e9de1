#include "atlas_shelves.h"

#include <algorithm>
#include <cmath>

namespace tactics::gpu {

std::vector<ShelfBatch> packShelves(const std::vector<ShelfItem>& items, int atlasWidth,
                                    int rowLimit, int maxItems) {
  std::vector<ShelfBatch> batches;
  int x = 0;
  int shelfY = 0;
  int shelfHeight = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const int width = items[i].width;
    const int height = items[i].height;
    if (!batches.empty() && x + width > atlasWidth) {
      shelfY += shelfHeight;
      x = 0;
      shelfHeight = 0;
    }
    const bool full = batches.empty() ||
                      static_cast<int>(batches.back().places.size()) >= maxItems ||
                      (shelfY > 0 && shelfY + height > rowLimit);
    if (full) {
      batches.emplace_back();
      x = 0;
      shelfY = 0;
      shelfHeight = 0;
    }
    ShelfBatch& batch = batches.back();
    batch.places.push_back({i, x, shelfY});
    x += width;
    shelfHeight = std::max(shelfHeight, height);
    batch.width = std::max(batch.width, x);
    batch.height = std::max(batch.height, shelfY + shelfHeight);
  }
  return batches;
}

int shelfAtlasWidth(long long area, int widest, int tallest, std::size_t budgetBytes,
                    std::size_t bytesPerTexel, int maxTextureSize) {
  int atlasWidth =
      std::max(widest, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(area)))));
  const int budgetWidth = static_cast<int>(
      std::min<std::size_t>(budgetBytes / (bytesPerTexel * static_cast<std::size_t>(tallest)),
                            static_cast<std::size_t>(maxTextureSize)));
  return std::min({atlasWidth, std::max(widest, budgetWidth), maxTextureSize});
}

int shelfRowLimit(int atlasWidth, std::size_t budgetBytes, std::size_t bytesPerTexel,
                  int maxTextureSize) {
  return static_cast<int>(
      std::min<std::size_t>(budgetBytes / (bytesPerTexel * static_cast<std::size_t>(atlasWidth)),
                            static_cast<std::size_t>(maxTextureSize)));
}

}  // namespace tactics::gpu

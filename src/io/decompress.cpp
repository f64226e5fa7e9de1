#include "decompress.h"

#include <zlib.h>
#include <zstd.h>

#include <array>
#include <memory>
#include <string>

namespace tactics {

namespace {

constexpr std::size_t kChunk = 1 << 16;

std::string tooLarge(std::size_t limit) {
  return "the data decompresses to more than " + std::to_string(limit) + " bytes";
}

// zlib or gzip, chosen by inflate's window bits.
Expected<std::vector<std::uint8_t>> inflateAll(const std::vector<std::uint8_t>& bytes,
                                               int windowBits, std::size_t limit) {
  z_stream stream{};
  if (inflateInit2(&stream, windowBits) != Z_OK) return Error{"zlib could not start"};
  const auto end = [](z_stream* s) { inflateEnd(s); };
  std::unique_ptr<z_stream, decltype(end)> guard(&stream, end);

  std::vector<std::uint8_t> out;
  std::array<std::uint8_t, kChunk> chunk{};
  stream.next_in = const_cast<Bytef*>(bytes.data());
  stream.avail_in = static_cast<uInt>(bytes.size());
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    stream.next_out = chunk.data();
    stream.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      return Error{std::string("the compressed data is corrupt or truncated (zlib: ") +
                   (stream.msg ? stream.msg : "no more input") + ")"};
    }
    const std::size_t produced = chunk.size() - stream.avail_out;
    if (out.size() + produced > limit) return Error{tooLarge(limit)};
    out.insert(out.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(produced));
    if (status == Z_OK && produced == 0 && stream.avail_in == 0) {
      return Error{"the compressed data is truncated"};
    }
  }
  // As for zstd, whatever follows the end of the stream is an error, not ignored.
  if (stream.avail_in > 0) {
    return Error{"the compressed data has " + std::to_string(stream.avail_in) +
                 " bytes after the end of its stream"};
  }
  return out;
}

Expected<std::vector<std::uint8_t>> unzstdAll(const std::vector<std::uint8_t>& bytes,
                                              std::size_t limit) {
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  if (!context) return Error{"zstd could not start"};
  std::vector<std::uint8_t> out;
  std::array<std::uint8_t, kChunk> chunk{};
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  std::size_t status = 0;
  bool flushed = true;
  // Run until every input byte is read and the last frame is complete.
  while (in.pos < in.size || !flushed) {
    ZSTD_outBuffer buffer{chunk.data(), chunk.size(), 0};
    status = ZSTD_decompressStream(context.get(), &buffer, &in);
    if (ZSTD_isError(status)) {
      return Error{std::string("the compressed data is corrupt (zstd: ") +
                   ZSTD_getErrorName(status) + ")"};
    }
    if (out.size() + buffer.pos > limit) return Error{tooLarge(limit)};
    out.insert(out.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(buffer.pos));
    flushed = buffer.pos < buffer.size;
    if (in.pos == in.size && buffer.pos == 0 && status != 0) {
      return Error{"the compressed data is truncated (zstd)"};
    }
  }
  if (status != 0) return Error{"the compressed data is truncated (zstd)"};
  return out;
}

}  // namespace

std::string_view compressionName(Compression compression) {
  switch (compression) {
    case Compression::None: return "";
    case Compression::Zlib: return "zlib";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
  }
  return "";
}

Expected<std::vector<std::uint8_t>> decompress(const std::vector<std::uint8_t>& bytes,
                                               Compression compression, std::size_t limit) {
  switch (compression) {
    case Compression::None: return bytes;
    case Compression::Zlib: return inflateAll(bytes, 15, limit);
    case Compression::Gzip: return inflateAll(bytes, 15 + 16, limit);
    case Compression::Zstd: return unzstdAll(bytes, limit);
  }
  return Error{"unknown compression"};
}

}  // namespace tactics

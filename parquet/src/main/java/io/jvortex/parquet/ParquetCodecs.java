package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.internal.zstd.Zstd;
import io.jvortex.internal.zstd.ZstdCompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Page compression and decompression for parquet-java without Hadoop codecs or native libraries:
 * {@code UNCOMPRESSED}, {@code SNAPPY} (our {@link Snappy}), {@code GZIP} ({@link java.util.zip}) and
 * {@code ZSTD} (the core's pure-Java Zstandard decoder and compressor). Other codecs are refused with a
 * {@link VortexException} naming them.
 */
public final class ParquetCodecs implements CompressionCodecFactory {
    /** The codecs this factory decompresses. */
    public static final java.util.Set<CompressionCodecName> SUPPORTED = java.util.EnumSet.of(
            CompressionCodecName.UNCOMPRESSED, CompressionCodecName.SNAPPY, CompressionCodecName.GZIP,
            CompressionCodecName.ZSTD);

    /** Creates a factory; it holds no state. */
    public ParquetCodecs() {
    }

    /**
     * @param codecName a page codec
     * @return its compressor (not thread-safe: one per writer)
     * @throws VortexException when the codec is not one of {@link #SUPPORTED}
     */
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
        if (!SUPPORTED.contains(codecName)) {
            throw new VortexException("writing Parquet pages compressed with " + codecName + " is not supported (only "
                    + SUPPORTED + ")");
        }
        return new Compressor(codecName);
    }

    /**
     * Compresses one page body.
     *
     * @param codec the codec, one of {@link #SUPPORTED}
     * @param src the bytes
     * @param zstd the Zstandard compressor to use (reused between pages)
     * @return the compressed bytes
     */
    static byte[] compress(CompressionCodecName codec, byte[] src, ZstdCompressor zstd) {
        return switch (codec) {
            case UNCOMPRESSED -> src;
            case SNAPPY -> Snappy.compress(src, 0, src.length);
            case GZIP -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, src.length / 2));
                try (GZIPOutputStream gzip = new GZIPOutputStream(out, 1 << 16)) {
                    gzip.write(src);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // in memory: never
                }
                yield out.toByteArray();
            }
            case ZSTD -> zstd.compress(src, 0, src.length);
            default -> throw new VortexException("writing Parquet pages compressed with " + codec
                    + " is not supported");
        };
    }

    /**
     * @param codecName a page codec
     * @return its decompressor
     * @throws VortexException when the codec is not one of {@link #SUPPORTED}
     */
    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
        if (!SUPPORTED.contains(codecName)) {
            throw new VortexException("Parquet pages compressed with " + codecName + " are not supported (only "
                    + SUPPORTED + ")");
        }
        return new Decompressor(codecName);
    }

    /** Nothing to release. */
    @Override
    public void release() {
    }

    /**
     * Decompresses one page body.
     *
     * @param codec the codec
     * @param src compressed bytes
     * @param offset where they start
     * @param length how many
     * @param uncompressedSize the size the page header declares
     * @return exactly {@code uncompressedSize} bytes
     * @throws VortexException when the data is malformed
     */
    static byte[] decompress(CompressionCodecName codec, byte[] src, int offset, int length, int uncompressedSize) {
        if (uncompressedSize < 0) {
            throw new VortexException("Parquet page declares " + uncompressedSize + " uncompressed bytes");
        }
        return switch (codec) {
            case UNCOMPRESSED -> {
                if (length != uncompressedSize) {
                    throw new VortexException("uncompressed Parquet page of " + length + " bytes declares "
                            + uncompressedSize);
                }
                byte[] copy = new byte[length];
                System.arraycopy(src, offset, copy, 0, length);
                yield copy;
            }
            case SNAPPY -> Snappy.decompress(src, offset, length, uncompressedSize);
            case GZIP -> gunzip(src, offset, length, uncompressedSize);
            case ZSTD -> {
                byte[] dst = new byte[uncompressedSize];
                long n = Zstd.decompress(MemorySegment.ofArray(src).asSlice(offset, length), MemorySegment.ofArray(dst));
                if (n != uncompressedSize) {
                    throw new VortexException("zstd Parquet page decoded to " + n + " bytes, its header declares "
                            + uncompressedSize);
                }
                yield dst;
            }
            default -> throw new VortexException("Parquet pages compressed with " + codec + " are not supported");
        };
    }

    private static byte[] gunzip(byte[] src, int offset, int length, int uncompressedSize) {
        // GZIPInputStream also reads concatenated members, which some writers emit
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(src, offset, length),
                Math.max(512, Math.min(length, 1 << 16)))) {
            byte[] dst = in.readNBytes(uncompressedSize);
            if (dst.length != uncompressedSize || in.read() != -1) {
                throw new VortexException("gzip Parquet page does not decode to the " + uncompressedSize
                        + " bytes its header declares");
            }
            return dst;
        } catch (IOException e) {
            throw new VortexException(null, -1, null, "gzip Parquet page: " + e.getMessage(), e);
        }
    }

    private static final class Compressor implements BytesInputCompressor {
        private final CompressionCodecName codec;
        private ZstdCompressor zstd;

        Compressor(CompressionCodecName codec) {
            this.codec = codec;
        }

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            if (codec == CompressionCodecName.ZSTD && zstd == null) {
                zstd = new ZstdCompressor();
            }
            return BytesInput.from(ParquetCodecs.compress(codec, bytes.toInputStream().readAllBytes(), zstd));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return codec;
        }

        @Override
        public void release() {
            zstd = null;
        }
    }

    private record Decompressor(CompressionCodecName codec) implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            byte[] src = bytes.toInputStream().readAllBytes();
            return BytesInput.from(ParquetCodecs.decompress(codec, src, 0, src.length, uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
            byte[] src = new byte[compressedSize];
            input.get(input.position(), src, 0, compressedSize);
            output.put(ParquetCodecs.decompress(codec, src, 0, compressedSize, uncompressedSize));
        }

        @Override
        public void release() {
        }
    }
}

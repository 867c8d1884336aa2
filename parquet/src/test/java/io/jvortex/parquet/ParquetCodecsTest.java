package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.Compressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.jvortex.error.VortexException;
import io.jvortex.testing.Seeds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

class ParquetCodecsTest {

    /** Inputs of the shapes that exercise literals, short and long copies and overlapping runs. */
    private static List<byte[]> inputs(SplittableRandom random) {
        List<byte[]> inputs = new ArrayList<>();
        for (int size : new int[] {0, 1, 5, 59, 60, 61, 255, 256, 65_535, 65_536, 70_001, 300_000}) {
            byte[] noise = new byte[size];
            random.nextBytes(noise);
            inputs.add(noise);
            byte[] runs = new byte[size];
            for (int i = 0; i < size; ) {
                int run = random.nextInt(1, 200);
                Arrays.fill(runs, i, Math.min(size, i + run), (byte) random.nextInt(4));
                i += run;
            }
            inputs.add(runs);
            byte[] phrases = new byte[size];
            byte[] phrase = "lineitem|orders|".repeat(8).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (int i = 0; i < size; i++) {
                phrases[i] = random.nextInt(50) == 0 ? (byte) random.nextInt() : phrase[(i * 7 + i / 1000) % phrase.length];
            }
            inputs.add(phrases);
            // patterns of periods 1 to 20 (copies overlapping themselves at every offset) between noise
            byte[] periodic = new byte[size];
            for (int i = 0; i < size; ) {
                int period = random.nextInt(1, 21);
                int run = random.nextInt(1, 300);
                for (int k = 0; k < period && i + k < size; k++) {
                    periodic[i + k] = (byte) random.nextInt();
                }
                for (int k = period; k < run && i + k < size; k++) {
                    periodic[i + k] = periodic[i + k - period];
                }
                i += run;
            }
            inputs.add(periodic);
        }
        return inputs;
    }

    @Test
    void decodesWhatIndependentEncodersWrote() throws IOException {
        SplittableRandom random = new SplittableRandom(Seeds.seed("ParquetCodecsTest.roundTrip"));
        for (byte[] input : inputs(random)) {
            byte[] snappy = airlift(new SnappyCompressor(), input);
            byte[] zstd = airlift(new ZstdCompressor(), input);
            byte[] gzip = gzip(input);
            assertThat(ParquetCodecs.decompress(CompressionCodecName.SNAPPY, snappy, 0, snappy.length, input.length))
                    .as("snappy, %d bytes", input.length).isEqualTo(input);
            assertThat(ParquetCodecs.decompress(CompressionCodecName.ZSTD, zstd, 0, zstd.length, input.length))
                    .as("zstd, %d bytes", input.length).isEqualTo(input);
            assertThat(ParquetCodecs.decompress(CompressionCodecName.GZIP, gzip, 0, gzip.length, input.length))
                    .as("gzip, %d bytes", input.length).isEqualTo(input);
            assertThat(ParquetCodecs.decompress(CompressionCodecName.UNCOMPRESSED, input, 0, input.length, input.length))
                    .isEqualTo(input);
        }
    }

    @Test
    void independentDecodersReadWhatWeCompress() throws IOException {
        SplittableRandom random = new SplittableRandom(Seeds.seed("ParquetCodecsTest.compress"));
        io.jvortex.internal.zstd.ZstdCompressor ours = new io.jvortex.internal.zstd.ZstdCompressor();
        for (byte[] input : inputs(random)) {
            for (CompressionCodecName codec : ParquetCodecs.SUPPORTED) {
                byte[] packed = ParquetCodecs.compress(codec, input, ours);
                byte[] back = switch (codec) {
                    case SNAPPY -> airliftDecompress(new io.airlift.compress.snappy.SnappyDecompressor(), packed,
                            input.length);
                    case ZSTD -> airliftDecompress(new io.airlift.compress.zstd.ZstdDecompressor(), packed,
                            input.length);
                    case GZIP -> new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(packed))
                            .readAllBytes();
                    default -> packed;
                };
                assertThat(back).as("%s, %d bytes", codec, input.length).isEqualTo(input);
                assertThat(ParquetCodecs.decompress(codec, packed, 0, packed.length, input.length)).isEqualTo(input);
                if (codec == CompressionCodecName.SNAPPY) {
                    assertThat(packed.length).isLessThanOrEqualTo(Snappy.maxCompressedLength(input.length));
                }
            }
        }
        byte[] phrases = "lineitem|orders|".repeat(10_000).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(Snappy.compress(phrases, 0, phrases.length).length).isLessThan(phrases.length / 10);
    }

    private static byte[] airliftDecompress(io.airlift.compress.Decompressor decompressor, byte[] packed, int length) {
        byte[] out = new byte[length];
        int n = decompressor.decompress(packed, 0, packed.length, out, 0, length);
        assertThat(n).isEqualTo(length);
        return out;
    }

    @Test
    void malformedPagesAreBadFiles() throws IOException {
        SplittableRandom random = new SplittableRandom(Seeds.seed("ParquetCodecsTest.malformed"));
        byte[] input = inputs(random).get(8);
        byte[] snappy = airlift(new SnappyCompressor(), input);
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.SNAPPY, snappy, 0, snappy.length / 2,
                input.length)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.SNAPPY, snappy, 0, snappy.length,
                input.length + 1)).isInstanceOf(VortexException.class).hasMessageContaining("declares");
        // a copy reaching back before the start of the output
        byte[] backwards = {4, 0x01 | (0 << 2), 9};
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.SNAPPY, backwards, 0, 3, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("offset");
        byte[] gzip = gzip(input);
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.GZIP, gzip, 0, gzip.length - 9,
                input.length)).isInstanceOf(VortexException.class);
        byte[] zstd = airlift(new ZstdCompressor(), input);
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.ZSTD, zstd, 0, zstd.length,
                input.length - 1)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> ParquetCodecs.decompress(CompressionCodecName.UNCOMPRESSED, input, 0, 10, 11))
                .isInstanceOf(VortexException.class);
    }

    private static byte[] airlift(Compressor compressor, byte[] input) {
        byte[] out = new byte[compressor.maxCompressedLength(input.length)];
        return Arrays.copyOf(out, compressor.compress(input, 0, input.length, out, 0, out.length));
    }

    private static byte[] gzip(byte[] input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(input);
        }
        return out.toByteArray();
    }
}

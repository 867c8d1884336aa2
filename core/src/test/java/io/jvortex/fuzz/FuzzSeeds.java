package io.jvortex.fuzz;

import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.pco.PcoDecoder;
import io.jvortex.internal.pco.PcoEncoder;
import io.jvortex.internal.zstd.ZstdCompressor;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The seeds of every fuzz target, built from the Rust-written sample and golden files in the test
 * resources (and, for the codecs, from our own encoders): what a campaign starts from and what
 * {@link FuzzRegressionTest} replays besides the stored corpus.
 *
 * <p>{@code main(target, dir)} writes a target's seeds into a directory for {@code scripts/fuzz}.
 */
public final class FuzzSeeds {
    /** Files bigger than this are not used as seeds: mutating them is slow and adds little. */
    private static final long MAX_FILE = 256 << 10;

    /** The targets, by simple class name. */
    static final List<String> TARGETS = List.of("OpenFileFuzzer", "ScanFuzzer", "TakeFuzzer", "SegmentFuzzer",
            "ExprFuzzer", "ZstdFuzzer", "PcoFuzzer", "HttpResponseFuzzer", "S3ResponseFuzzer");

    private FuzzSeeds() {
    }

    /**
     * Writes a target's seeds.
     *
     * @param args the target's simple class name and the directory to write into
     * @throws IOException when the directory cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[1]));
        List<byte[]> seeds = of(args[0]);
        for (int i = 0; i < seeds.size(); i++) {
            Files.write(dir.resolve(String.format("seed-%04d", i)), seeds.get(i));
        }
        System.out.println(seeds.size() + " seeds for " + args[0] + " in " + dir);
    }

    /**
     * @param target a target's simple class name
     * @return its seeds
     */
    static List<byte[]> of(String target) {
        return switch (target) {
            case "OpenFileFuzzer" -> files();
            case "ScanFuzzer", "TakeFuzzer" -> withControls(target, files());
            case "SegmentFuzzer" -> segments();
            case "ExprFuzzer" -> expressions();
            case "ZstdFuzzer" -> zstdFrames();
            case "PcoFuzzer" -> pcoPages();
            case "HttpResponseFuzzer" -> httpResponses();
            case "S3ResponseFuzzer" -> s3Responses();
            default -> throw new IllegalArgumentException("no fuzz target " + target + "; targets: " + TARGETS);
        };
    }

    /** @return the sample and golden files of at most {@link #MAX_FILE} bytes */
    static List<byte[]> files() {
        List<byte[]> out = new ArrayList<>();
        for (String dir : List.of("/files", "/golden")) {
            try (Stream<Path> walk = Files.walk(Path.of(FuzzSeeds.class.getResource(dir).toURI()))) {
                for (Path p : walk.filter(p -> p.toString().endsWith(".vortex")).sorted().toList()) {
                    if (Files.size(p) <= MAX_FILE) {
                        out.add(Files.readAllBytes(p));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    private static List<byte[]> withControls(String target, List<byte[]> files) {
        SplittableRandom rnd = Seeds.random("FuzzSeeds " + target);
        List<byte[]> out = new ArrayList<>();
        for (byte[] file : files) {
            for (int k = 0; k < 2; k++) {
                byte[] control = new byte[16];
                rnd.nextBytes(control);
                control[2] |= 1; // a filter
                out.add(Fuzz.withControl(control, file));
            }
        }
        return out;
    }

    private static List<byte[]> segments() {
        List<byte[]> out = new ArrayList<>();
        for (byte[] bytes : files()) {
            try (VortexFile f = VortexFile.of(MemorySegment.ofArray(bytes), "seed")) {
                collect(f, f.rootLayout(), out);
            }
        }
        return out;
    }

    private static void collect(VortexFile f, Layout layout, List<byte[]> out) {
        if (layout instanceof Layout.Flat flat) {
            byte[] seg = f.segment(flat.segmentId()).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            byte[] input = SegmentFuzzer.input(flat.dtype(), flat.rowCount(), f.arrayIds(), seg);
            if (input != null && seg.length <= 64 << 10) {
                out.add(input);
            }
        }
        for (Layout child : layout.children()) {
            collect(f, child, out);
        }
    }

    private static List<byte[]> expressions() {
        List<String> texts = List.of(
                "qty > 45 AND mode IN ('AIR', 'MAIL')",
                "price IS NULL OR price < 10.5",
                "NOT (flag) AND id BETWEEN 100 AND 200",
                "comment LIKE 'c1%' OR comment STARTS WITH 'c2'",
                "day >= DATE '1995-03-15' AND ts < TIMESTAMP '2001-01-01 00:00:00'",
                "amount >= -12.50 AND amount <> 0",
                "point.x > 10 AND point.y IS NOT NULL",
                "ratio >= 0.5e0 OR qty = 7",
                "\"mode\" = 'SHIP' OR mode IS NULL",
                "id IN (1, 2, 3) AND NOT qty IN (4, 5)",
                "(id < 5 OR id > 2990) AND (price > 1 OR price IS NULL)");
        List<byte[]> out = new ArrayList<>();
        for (String t : texts) {
            out.add(t.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    private static List<byte[]> zstdFrames() {
        SplittableRandom rnd = Seeds.random("FuzzSeeds zstd");
        List<byte[]> out = new ArrayList<>();
        for (int size : new int[] {0, 1, 100, 5000, 70_000}) {
            byte[] data = new byte[size];
            for (int i = 0; i < size; i++) {
                data[i] = (byte) (rnd.nextInt(4) == 0 ? rnd.nextInt(256) : 'a' + i % 7);
            }
            out.add(new ZstdCompressor().compress(data, 0, size));
            out.add(new ZstdCompressor(true, 2).compress(data, 0, size));
        }
        return out;
    }

    private static List<byte[]> pcoPages() {
        SplittableRandom rnd = Seeds.random("FuzzSeeds pco");
        List<byte[]> out = new ArrayList<>();
        for (PcoDecoder.NumberType type : PcoDecoder.NumberType.values()) {
            int n = 1 + rnd.nextInt(2000);
            long[] values = new long[n];
            long base = rnd.nextLong();
            for (int i = 0; i < n; i++) {
                double d = Math.round(rnd.nextDouble() * 100_000) / 100.0;
                long v = i % 3 == 0 ? base + rnd.nextInt(1000) : rnd.nextLong();
                values[i] = switch (type) {
                    case F16 -> Float.floatToFloat16((float) d) & 0xFFFFL;
                    case F32 -> Float.floatToRawIntBits((float) d) & 0xFFFF_FFFFL;
                    case F64 -> Double.doubleToRawLongBits(d);
                    default -> type.byteWidth() == 8 ? v : v & ((1L << (8 * type.byteWidth())) - 1);
                };
            }
            PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(type, values, 0, n, PcoEncoder.Options.VORTEX);
            byte[] header = PcoEncoder.header();
            byte[] page = chunk.pages().getFirst();
            ByteBuffer buf = ByteBuffer.allocate(7 + header.length + chunk.meta().length + page.length)
                    .order(ByteOrder.LITTLE_ENDIAN);
            buf.put((byte) standaloneByte(type)).putShort((short) header.length).put(header)
                    .putShort((short) chunk.meta().length).put(chunk.meta())
                    .putShort((short) chunk.pageCounts()[0]).put(page);
            out.add(buf.array());
        }
        return out;
    }

    private static int standaloneByte(PcoDecoder.NumberType type) {
        for (int b = 0; b < 256; b++) {
            try {
                if (PcoDecoder.NumberType.fromStandaloneByte(b) == type) {
                    return b;
                }
            } catch (io.jvortex.error.VortexException notThisOne) {
                // try the next byte
            }
        }
        throw new IllegalStateException("no byte for " + type);
    }

    private static List<byte[]> httpResponses() {
        String body = "0123456789".repeat(30);
        return List.of(
                HttpResponseFuzzer.input(
                        "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 236-299/300\r\nContent-Length: 64\r\n"
                                + "ETag: \"abc\"\r\n\r\n" + body.substring(236),
                        "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-99/300\r\nContent-Length: 100\r\n"
                                + "ETag: \"abc\"\r\n\r\n" + body.substring(0, 100),
                        "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 290-299/300\r\nContent-Length: 10\r\n"
                                + "ETag: \"abc\"\r\n\r\n" + body.substring(290)),
                HttpResponseFuzzer.input("HTTP/1.1 200 OK\r\nContent-Length: 300\r\n\r\n" + body),
                HttpResponseFuzzer.input("HTTP/1.1 503 Slow Down\r\nRetry-After: 0\r\nContent-Length: 0\r\n\r\n",
                        "HTTP/1.1 404 Not Found\r\nContent-Type: application/xml\r\nContent-Length: 60\r\n\r\n"
                                + "<Error><Code>NoSuchKey</Code><Message>no</Message></Error>  "),
                HttpResponseFuzzer.input("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Length: 0\r\n\r\n",
                        "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nLast-Modified: Wed, 21 Oct 2015 07:28:00 GMT\r\n\r\n"),
                HttpResponseFuzzer.input("HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-9/*\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n0\r\n\r\n"));
    }

    private static List<byte[]> s3Responses() {
        String ok = "HTTP/1.1 200 OK\r\nETag: \"e1\"\r\nContent-Length: 0\r\n\r\n";
        String initiated = xml("<InitiateMultipartUploadResult><Bucket>bucket</Bucket><Key>dir/file.vortex</Key>"
                + "<UploadId>UP1</UploadId></InitiateMultipartUploadResult>", 200);
        String completed = xml("<CompleteMultipartUploadResult><Bucket>bucket</Bucket><Key>dir/file.vortex</Key>"
                + "<ETag>\"e3-2\"</ETag></CompleteMultipartUploadResult>", 200);
        String failedIn200 = xml("<Error><Code>InternalError</Code><Message>try again</Message></Error>", 200);
        String denied = xml("<Error><Code>AccessDenied</Code><Message>no</Message></Error>", 403);
        return List.of(
                S3ResponseFuzzer.input(false, ok),
                S3ResponseFuzzer.input(false, denied),
                S3ResponseFuzzer.input(true, initiated, ok, ok, completed),
                S3ResponseFuzzer.input(true, initiated, ok, ok, failedIn200),
                S3ResponseFuzzer.input(true, initiated, "HTTP/1.1 503 Slow Down\r\nContent-Length: 0\r\n\r\n", ok, ok,
                        completed));
    }

    private static String xml(String body, int status) {
        return "HTTP/1.1 " + status + " X\r\nContent-Type: application/xml\r\nContent-Length: " + body.length()
                + "\r\n\r\n" + body;
    }
}

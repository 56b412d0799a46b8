"""The other side of CompressionTests: Python's zlib, gzip, zipfile and tarfile, which write
archives for the Swift readers and read back what the Swift writers produced.

python3 compression_peer.py write FOLDER   # for each FOLDER/N.in: N.raw-L, N.zlib, N.gz, N.zip, N.tgz, N.tar
python3 compression_peer.py read FOLDER    # for each FOLDER/N.out.{gz,zlib,zip,tar}: prints N kind sha
"""
import gzip, hashlib, io, os, sys, tarfile, zipfile, zlib

mode, folder = sys.argv[1], sys.argv[2]
names = sorted(n for n in os.listdir(folder))
if mode == "write":
    for name in names:
        if not name.endswith(".in"):
            continue
        stem = os.path.join(folder, name[:-3])
        data = open(os.path.join(folder, name), "rb").read()
        for level in (0, 1, 6, 9):
            c = zlib.compressobj(level, zlib.DEFLATED, -15)
            open(f"{stem}.raw-{level}", "wb").write(c.compress(data) + c.flush())
        open(f"{stem}.zlib", "wb").write(zlib.compress(data, 9))
        with open(f"{stem}.gz", "wb") as raw:
            with gzip.GzipFile(filename="member.json", mode="wb", fileobj=raw, mtime=0) as g:
                g.write(data)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as z:
            z.writestr(zipfile.ZipInfo("stored.txt", (2026, 12, 2, 9, 0, 0)), b"plain member\n", zipfile.ZIP_STORED)
            z.writestr(zipfile.ZipInfo("dir/deflated.env", (2026, 12, 2, 9, 0, 0)), data, zipfile.ZIP_DEFLATED)
        open(f"{stem}.zip", "wb").write(buffer.getvalue())
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as t:
            for member, content in (("chart/values.yaml", data), ("chart/Chart.yaml", b"name: ledger\n")):
                info = tarfile.TarInfo(member)
                info.size, info.mtime = len(content), 0
                t.addfile(info, io.BytesIO(content))
        open(f"{stem}.tar", "wb").write(buffer.getvalue())
        open(f"{stem}.tgz", "wb").write(gzip.compress(buffer.getvalue(), mtime=0))
else:
    def digest(data):
        return hashlib.sha256(data).hexdigest()
    for name in names:
        path = os.path.join(folder, name)
        stem, _, kind = name.partition(".out.")
        if not kind:
            continue
        data = open(path, "rb").read()
        if kind == "gz":
            print(stem, kind, digest(gzip.decompress(data)))
        elif kind == "zlib":
            print(stem, kind, digest(zlib.decompress(data)))
        elif kind == "zip":
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                assert z.testzip() is None
                for info in z.infolist():
                    print(stem, kind + ":" + info.filename, digest(z.read(info)))
        elif kind == "tar":
            with tarfile.open(fileobj=io.BytesIO(data)) as t:
                for info in t.getmembers():
                    print(stem, kind + ":" + info.name, digest(t.extractfile(info).read()))

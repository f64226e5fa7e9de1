"""What the level generators share: has Debian's `tiled` read a map and write it, so a shipped
level is Tiled's own writing (tools/make_sample_level.py, tools/make_desert_level.py)."""
import os, subprocess, sys


def export(tmx, out, what):
    """Has Tiled read the map text `tmx` and write it as `out`."""
    source = out + '.source.tmx'
    with open(source, 'w') as f:
        f.write(tmx)
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    run = subprocess.run(['tiled', '--export-map', 'tmx', source, out], env=env,
                         stderr=subprocess.PIPE, text=True)
    os.remove(source)
    if run.returncode != 0:
        sys.exit(run.stderr)
    print(f'wrote {out}: {what}')

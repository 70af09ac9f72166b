# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# One thread reading one 5 GiB file from start to end in 1 MiB reads, O_DIRECT, rewinding at the end. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $filesize=5g
set $nthreads=1
set $iosize=1m

define file name=bigfile,path=$dir,size=$filesize,prealloc,reuse

define process name=seqreader,instances=1
{
  thread name=reader,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread,filesetname=bigfile,iosize=$iosize,directio
  }
}

run 60

# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Web proxy: replace one cached object, then five whole-object reads. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $nfiles=10000
set $meandirwidth=1000000
set $meanfilesize=16k
set $nthreads=100
set $meaniosize=16k
set $iosize=1m

define fileset name=cache,path=$dir,entries=$nfiles,size=$meanfilesize,dirwidth=$meandirwidth,prealloc=80

define process name=proxy,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop deletefile name=evict,filesetname=cache
    flowop createfile name=fetch,filesetname=cache,fd=1
    flowop appendfilerand name=store,iosize=$meaniosize,fd=1
    flowop closefile name=close0,fd=1
    flowop openfile name=open1,filesetname=cache,fd=1
    flowop readwholefile name=read1,fd=1,iosize=$iosize
    flowop closefile name=close1,fd=1
    flowop openfile name=open2,filesetname=cache,fd=1
    flowop readwholefile name=read2,fd=1,iosize=$iosize
    flowop closefile name=close2,fd=1
    flowop openfile name=open3,filesetname=cache,fd=1
    flowop readwholefile name=read3,fd=1,iosize=$iosize
    flowop closefile name=close3,fd=1
    flowop openfile name=open4,filesetname=cache,fd=1
    flowop readwholefile name=read4,fd=1,iosize=$iosize
    flowop closefile name=close4,fd=1
    flowop openfile name=open5,filesetname=cache,fd=1
    flowop readwholefile name=read5,fd=1,iosize=$iosize
    flowop closefile name=close5,fd=1
    flowop opslimit name=limit
  }
}

run 60

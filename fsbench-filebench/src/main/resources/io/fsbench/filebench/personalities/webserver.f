# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Web server: ten whole-file reads, then an append to one shared log.

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=20
set $filesize=cvar(type=cvar-gamma,parameters=mean:16384;gamma:1.5)
set $nthreads=100
set $iosize=1m
set $meanappendsize=16k

define fileset name=pages,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$meandirwidth,prealloc=100,readonly
define fileset name=accesslog,path=$dir,entries=1,size=$filesize,dirwidth=$meandirwidth,prealloc

define process name=httpd,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop openfile name=open1,filesetname=pages,fd=1
    flowop readwholefile name=read1,fd=1,iosize=$iosize
    flowop closefile name=close1,fd=1
    flowop openfile name=open2,filesetname=pages,fd=1
    flowop readwholefile name=read2,fd=1,iosize=$iosize
    flowop closefile name=close2,fd=1
    flowop openfile name=open3,filesetname=pages,fd=1
    flowop readwholefile name=read3,fd=1,iosize=$iosize
    flowop closefile name=close3,fd=1
    flowop openfile name=open4,filesetname=pages,fd=1
    flowop readwholefile name=read4,fd=1,iosize=$iosize
    flowop closefile name=close4,fd=1
    flowop openfile name=open5,filesetname=pages,fd=1
    flowop readwholefile name=read5,fd=1,iosize=$iosize
    flowop closefile name=close5,fd=1
    flowop openfile name=open6,filesetname=pages,fd=1
    flowop readwholefile name=read6,fd=1,iosize=$iosize
    flowop closefile name=close6,fd=1
    flowop openfile name=open7,filesetname=pages,fd=1
    flowop readwholefile name=read7,fd=1,iosize=$iosize
    flowop closefile name=close7,fd=1
    flowop openfile name=open8,filesetname=pages,fd=1
    flowop readwholefile name=read8,fd=1,iosize=$iosize
    flowop closefile name=close8,fd=1
    flowop openfile name=open9,filesetname=pages,fd=1
    flowop readwholefile name=read9,fd=1,iosize=$iosize
    flowop closefile name=close9,fd=1
    flowop openfile name=open10,filesetname=pages,fd=1
    flowop readwholefile name=read10,fd=1,iosize=$iosize
    flowop closefile name=close10,fd=1
    flowop appendfilerand name=logappend,filesetname=accesslog,iosize=$meanappendsize,fd=2
  }
}

run 60

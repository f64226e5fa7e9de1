<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex_terrain" tilewidth="32" tileheight="32" tilecount="12" columns="6">
 <image source="hex_terrain.png" width="192" height="64"/>
 <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="plains"/></properties></tile>
 <tile id="2"><properties><property name="terrain" value="forest"/></properties></tile>
 <tile id="3"><properties><property name="terrain" value="hills"/></properties></tile>
 <tile id="4"><properties><property name="terrain" value="mountains"/></properties></tile>
 <tile id="5"><properties><property name="terrain" value="wall"/></properties></tile>
 <tile id="6"><properties><property name="terrain" value="wall"/></properties></tile>
 <tile id="7"><properties><property name="terrain" value="plains"/></properties></tile>
 <tile id="8"><properties><property name="terrain" value="plains"/></properties></tile>
 <tile id="11"><properties><property name="terrain" value="forest"/></properties></tile>
</tileset>
